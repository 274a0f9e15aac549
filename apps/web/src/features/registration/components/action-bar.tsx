import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import classes from '../registration.module.css';

export interface ActionBarProps {
  onRegister: () => void;
  locked: boolean;
  busy: boolean;
  price: number | null;
  /** the server's refusal to price the parcel as it stands */
  priceError: string | null;
}

/**
 * The register button and the price, in view at the bottom of the window (1366 x 768 counters); its right
 * end is left free for the toasts. Enter reaches the button last and presses it.
 */
export function ActionBar({ onRegister, locked, busy, price, priceError }: ActionBarProps) {
  const { t } = useTranslation('registration');
  return (
    <div className={classes.actions} role="group" aria-label={t('parcel.actions')}>
      <Button onClick={onRegister} disabled={locked} loading={busy} data-enter-stop>
        {t('parcel.register')}
      </Button>
      <div className={classes.price} data-testid="price" aria-live="polite">
        <Text size="xs" c="dimmed">
          {t('parcel.price')}
        </Text>
        <Text size="xl" fw={700}>
          {price == null ? '—' : formatMoney(price)}
        </Text>
        {priceError && (
          <Text size="xs" c="red" data-testid="price-error" style={{ overflowWrap: 'anywhere' }}>
            {priceError}
          </Text>
        )}
      </div>
    </div>
  );
}
