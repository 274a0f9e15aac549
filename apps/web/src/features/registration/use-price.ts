import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { DOUBLED_PAYER_KEY } from '@po/contract/registration';
import { ApiError } from '@/api/client';
import { calcPrice } from './api/register';
import { toRequest, validate, type RegistrationForm } from './form-state';

/** The price follows the fields that drive it, this long after the last change. */
export const PRICE_DEBOUNCE_MS = 400;

/** The contract's key (typed against it; a value import would bring the schemas into this chunk). */
const DOUBLED_PAYER: typeof DOUBLED_PAYER_KEY = 'registration.doubledPayer';
/** The server's refusal of a doubled parcel paid by a receiver without a company, by its message key. */
export function isDoubledPayerError(err: unknown): boolean {
  return err instanceof ApiError && err.key === DOUBLED_PAYER;
}

/**
 * The price of the parcel as the form stands, asked of the server a moment after the last change (no
 * button to press); frozen while the parcel is registered. A doubled price the payer cannot pay clears
 * "doubled" and says so in a popup (spec 002 §2.1); other refusals show under the price.
 */
export function usePrice(
  form: RegistrationForm,
  setForm: Dispatch<SetStateAction<RegistrationForm>>,
  frozen: boolean,
) {
  const { t } = useTranslation('registration');
  const [price, setPrice] = useState<number | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const [autoPriceError, setAutoPriceError] = useState<string | null>(null);
  const priceSeq = useRef(0);

  useEffect(() => {
    if (frozen) return;
    setPrice(null);
    setAutoPriceError(null);
    // every change makes the answers still on their way stale, a change to a broken number too
    const seq = ++priceSeq.current;
    if (validate(form, 'price')) return;
    const timer = window.setTimeout(() => {
      calcPrice(toRequest(form)).then(
        (value) => {
          if (seq === priceSeq.current) setPrice(value);
        },
        (err: unknown) => {
          if (seq !== priceSeq.current) return;
          const message = err instanceof Error ? err.message : t('errors.notVerified');
          if (isDoubledPayerError(err)) {
            setForm((f) => ({ ...f, parcel: { ...f.parcel, doubled: false } }));
            setPriceError(message);
          } else setAutoPriceError(message);
        },
      );
    }, PRICE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [form, frozen, setForm, t]);

  return { price, priceError, setPriceError, autoPriceError };
}
