import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's toast container (loaded on demand by `ToastHost`). */
export default function Toasts() {
  return <Notifications position="top-right" limit={5} />;
}
