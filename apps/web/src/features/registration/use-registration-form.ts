import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useOffices } from './api/lookups';
import {
  emptyParcel,
  emptyParty,
  initialSender,
  isCorporate,
  keepTyped,
  type RegistrationForm,
} from './form-state';
import { loadDefaults, saveDefaults } from './local-book';

/** Spec 002 §9: the sender re-initialises 2 s after the reset. */
export const SENDER_REINIT_MS = 2000;

export type Section = 'sender' | 'receiver' | 'parcel';

/** Moves the focus to a field of the form (out of a print frame too), scrolled into view. */
export function focusField(id: string | undefined): void {
  const el = id ? document.getElementById(id) : null;
  if (!el) return;
  window.focus();
  el.scrollIntoView({ block: 'center' });
  el.focus();
}

/**
 * The registration form's state: the three sections, their resets (a reset remounts a section, so its
 * address-book choice goes too), the browser's defaults, and the focus in the first field after a reset.
 */
export function useRegistrationForm() {
  const { t } = useTranslation('registration');
  const session = useSession();
  const corporate = isCorporate(session);
  const offices = useOffices();
  const myOffice = offices.data?.find((o) => o.GUID === session?.note.OfficeGUID) ?? null;

  const [defaults, setDefaults] = useState(loadDefaults);
  const [form, setForm] = useState<RegistrationForm>(() => ({
    sender: initialSender(session),
    receiver: emptyParty(),
    parcel: emptyParcel(defaults),
  }));
  const [resets, setResets] = useState({ sender: 0, receiver: 0, parcel: 0 });
  /** a request to focus the first field, met after the render that follows it (fields enabled, remounted) */
  const [focusRequest, setFocusRequest] = useState(0);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  /** runs `fn` in `ms`, unless the screen has gone by then */
  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);

  const freshSender = useCallback(() => initialSender(session, myOffice), [session, myOffice]);

  /** Keyboard-first: the first field that can be typed in (a corporate sender is fixed). */
  const focusFirst = useCallback(() => focusField(corporate ? 'receiver-pid' : 'sender-pid'), [corporate]);
  useEffect(() => {
    focusFirst();
  }, [focusFirst, focusRequest]);

  // A corporate user's office address and city arrive with the office list.
  useEffect(() => {
    if (!corporate || !myOffice) return;
    setForm((f) =>
      f.sender.cityId == null && !f.sender.address ? { ...f, sender: initialSender(session, myOffice) } : f,
    );
  }, [corporate, myOffice, session]);

  const update = (patch: Partial<RegistrationForm>) => setForm((f) => ({ ...f, ...patch }));
  const resetSection = (which: Section) => {
    const fresh = { sender: freshSender, receiver: emptyParty, parcel: () => emptyParcel(defaults) }[which];
    update({ [which]: fresh() });
    setResets((r) => ({ ...r, [which]: r[which] + 1 }));
  };

  /**
   * The whole form back to its start, the focus in the first field; the sender comes back after 2 s when
   * `delaySender`, keeping what the clerk has typed into it by then.
   */
  const resetAll = (delaySender: boolean) => {
    setResets((r) => ({ sender: r.sender + 1, receiver: r.receiver + 1, parcel: r.parcel + 1 }));
    setForm({
      sender: delaySender ? emptyParty() : freshSender(),
      receiver: emptyParty(),
      parcel: emptyParcel(defaults),
    });
    if (delaySender)
      later(SENDER_REINIT_MS, () => setForm((f) => ({ ...f, sender: keepTyped(f.sender, freshSender()) })));
    setFocusRequest((n) => n + 1);
  };

  const storeDefaults = () => {
    const d = {
      generate: form.parcel.generate,
      autoPrint: form.parcel.autoPrint,
      prefix: form.parcel.prefix,
    };
    saveDefaults(d);
    setDefaults(d);
    notifySuccess(t('defaultsSaved'));
  };

  return { form, setForm, update, resets, resetSection, resetAll, storeDefaults, corporate, later };
}
