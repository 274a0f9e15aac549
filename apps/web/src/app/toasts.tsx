import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container (loaded on demand by `ToastHost`). */
export default function Toasts() {
  // bottom right: nothing the user works with sits there (top right holds the grids' toolbars)
  return <Notifications position="bottom-right" limit={5} />;
}
