import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisteredParcel } from '@po/contract/registration';
import { ApiError } from '@/api/client';
import { printNotificationCard } from '@/components/print/notification-card';
import { notifyConnecting, notifyError } from '@/lib/notify';
import { register } from './api/register';
import { formErrors, LIMIT_PARAMS, toRequest, type RegistrationForm } from './form-state';
import { loadLastParcel, saveLastParcel } from './local-book';
import { isDoubledPayerError } from './use-price';
import { focusField } from './use-registration-form';

/** Spec 002 §9: printing starts 1.5 s after registration. */
export const AUTO_PRINT_DELAY_MS = 1500;

export interface RegisterDeps {
  form: RegistrationForm;
  setForm: Dispatch<SetStateAction<RegistrationForm>>;
  later: (ms: number, fn: () => void) => void;
  /** the whole form back to its start (after the card of a fresh parcel) */
  resetForm: (delaySender: boolean) => void;
}

/**
 * Registering the parcel: every broken rule beside its field at once (the first one focused), one
 * registration per submission, then the card printed 1.5 s later (or shown) and the form reset with the
 * focus back in the first field.
 */
export function useRegister({ form, setForm, later, resetForm }: RegisterDeps) {
  const { t } = useTranslation('registration');
  const [registered, setRegistered] = useState<RegisteredParcel | null>(null);
  const [info, setInfo] = useState<{ parcel: RegisteredParcel; fresh: boolean } | null>(null);
  const [regError, setRegError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState(loadLastParcel);
  /** after a refused submission the fields in error say so, until the form is reset */
  const [showErrors, setShowErrors] = useState(false);
  /** one registration per submission, however many clicks arrive in one tick */
  const submitting = useRef(false);

  const resetAll = (delaySender: boolean) => {
    setRegistered(null);
    setShowErrors(false);
    resetForm(delaySender);
  };

  const print = async (p: RegisteredParcel) => {
    try {
      await printNotificationCard(p);
    } catch (err) {
      notifyError(err);
    }
  };

  /** Every field in error says so; the toast names the one to fix, or how many there are. */
  const refuse = (errors: ReturnType<typeof formErrors>) => {
    setShowErrors(true);
    const [first] = errors;
    if (!first) return;
    notifyError(errors.length === 1 ? t(first[1], LIMIT_PARAMS) : t('v.several', { count: errors.length }));
    focusField(first[0]);
  };

  const afterRegistration = (p: RegisteredParcel) => {
    setRegistered(p);
    setForm((f) => ({ ...f, parcel: { ...f.parcel, barcode: p.Barcode } }));
    saveLastParcel(p);
    setLast(p);
    if (form.parcel.autoPrint) later(AUTO_PRINT_DELAY_MS, () => void print(p).finally(() => resetAll(true)));
    else setInfo({ parcel: p, fresh: true });
  };

  const submit = async () => {
    if (registered || submitting.current) return;
    const errors = formErrors(form);
    if (errors.length) return refuse(errors);
    submitting.current = true;
    setBusy(true);
    notifyConnecting();
    try {
      const p = await register(toRequest(form), crypto.randomUUID());
      if (p) afterRegistration(p);
      else setRegError(t('errors.notVerified'));
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : '';
      if (isDoubledPayerError(err)) setForm((f) => ({ ...f, parcel: { ...f.parcel, doubled: false } }));
      setRegError(message || t('errors.notVerified'));
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const closeInfo = () => {
    const fresh = info?.fresh;
    setInfo(null);
    if (fresh) resetAll(true);
  };

  return {
    registered,
    busy,
    last,
    info,
    showLast: () => last && setInfo({ parcel: last, fresh: false }),
    closeInfo,
    print,
    submit,
    resetAll,
    regError,
    closeRegError: () => setRegError(null),
    errors: showErrors ? formErrors(form) : [],
  };
}
