import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RegisteredParcel } from '@po/contract/registration';
import { ApiError } from '@/api/client';
import { notifyConnecting, notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import i18n from '@/i18n';
import { calcPrice, register } from './api/register';
import { useOffices } from './api/lookups';
import {
  emptyParcel,
  emptyParty,
  initialSender,
  isCorporate,
  toRequest,
  validate,
  type RegistrationForm,
} from './form-state';
import { loadDefaults, loadLastParcel, saveDefaults, saveLastParcel } from './local-book';
import { printNotificationCard } from './notification-card';
import { PartyBlock } from './components/party-block';
import { ParcelBlock } from './components/parcel-block';
import { InfoPopup } from './components/info-popup';
import { MessagePopup } from './components/message-popup';
import classes from './registration.module.css';

/** Spec 002 §9: printing starts 1.5 s after registration; the sender re-initialises 2 s after the reset. */
export const AUTO_PRINT_DELAY_MS = 1500;
export const SENDER_REINIT_MS = 2000;

/** The server's "the payer cannot pay a doubled price", in either language. */
function isDoubledPayerMessage(message: string): boolean {
  return (['ka', 'en'] as const).some(
    (l) => i18n.getResource(l, 'registration', 'errors.doubledPayer') === message,
  );
}

/** /registration: register a parcel with its price and print its delivery notification card. */
export function Component() {
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
  const [price, setPrice] = useState<number | null>(null);
  const [registered, setRegistered] = useState<RegisteredParcel | null>(null);
  const [info, setInfo] = useState<{ parcel: RegisteredParcel; fresh: boolean } | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const [regError, setRegError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState(loadLastParcel);
  const timers = useRef<number[]>([]);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const freshSender = useCallback(() => initialSender(session, myOffice), [session, myOffice]);

  // A corporate user's office address and city arrive with the office list.
  useEffect(() => {
    if (!corporate || !myOffice) return;
    setForm((f) =>
      f.sender.cityId == null && !f.sender.address ? { ...f, sender: initialSender(session, myOffice) } : f,
    );
  }, [corporate, myOffice, session]);

  const update = (patch: Partial<RegistrationForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if (!registered) setPrice(null);
  };

  /** The whole form back to its start; the sender comes back after 2 s when `delaySender`. */
  const resetAll = (delaySender: boolean) => {
    setRegistered(null);
    setPrice(null);
    setForm({
      sender: delaySender ? emptyParty() : freshSender(),
      receiver: emptyParty(),
      parcel: emptyParcel(defaults),
    });
    if (delaySender) later(SENDER_REINIT_MS, () => setForm((f) => ({ ...f, sender: freshSender() })));
  };

  const print = async (p: RegisteredParcel) => {
    try {
      await printNotificationCard(p);
    } catch (err) {
      notifyError(err);
    }
  };

  const calc = async () => {
    if (registered || busy) return;
    const rule = validate(form, 'price');
    if (rule) return notifyError(t(rule));
    setBusy(true);
    notifyConnecting();
    try {
      setPrice(await calcPrice(toRequest(form)));
    } catch (err) {
      const message = err instanceof Error ? err.message : t('errors.notVerified');
      if (isDoubledPayerMessage(message)) setForm((f) => ({ ...f, parcel: { ...f.parcel, doubled: false } }));
      setPriceError(message);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (registered || busy) return;
    const rule = validate(form, 'register');
    if (rule) return notifyError(t(rule));
    setBusy(true);
    notifyConnecting();
    try {
      const p = await register(toRequest(form));
      if (!p) {
        setRegError(t('errors.notVerified'));
        return;
      }
      setRegistered(p);
      setPrice(p.Value);
      setForm((f) => ({ ...f, parcel: { ...f.parcel, barcode: p.Barcode } }));
      saveLastParcel(p);
      setLast(p);
      if (form.parcel.autoPrint) {
        later(AUTO_PRINT_DELAY_MS, () => {
          void print(p).finally(() => resetAll(true));
        });
      } else {
        setInfo({ parcel: p, fresh: true });
      }
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : '';
      if (isDoubledPayerMessage(message)) setForm((f) => ({ ...f, parcel: { ...f.parcel, doubled: false } }));
      setRegError(message || t('errors.notVerified'));
    } finally {
      setBusy(false);
    }
  };

  const closeInfo = () => {
    const fresh = info?.fresh;
    setInfo(null);
    if (fresh) resetAll(true);
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

  const locked = !!registered;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <UnstyledButton onClick={() => resetAll(false)} title={t('resetHint')}>
          <Title order={2}>{t('title')}</Title>
        </UnstyledButton>
        {last && (
          <Button
            variant="subtle"
            leftSection={<IconPrinter size={16} />}
            onClick={() => setInfo({ parcel: last, fresh: false })}
          >
            {t('parcel.lastCard')}: {last.Barcode}
          </Button>
        )}
      </Group>
      <div className={classes.layout}>
        <PartyBlock
          kind="sender"
          value={form.sender}
          onChange={(sender) => update({ sender })}
          onReset={() => update({ sender: freshSender() })}
          fixed={corporate}
          locked={locked}
        />
        <PartyBlock
          kind="receiver"
          value={form.receiver}
          onChange={(receiver) => update({ receiver })}
          onReset={() => update({ receiver: emptyParty() })}
          locked={locked}
        />
        <div className={classes.parcel}>
          <ParcelBlock
            value={form.parcel}
            onChange={(parcel) => update({ parcel })}
            onReset={() => update({ parcel: emptyParcel(defaults) })}
            price={price}
            locked={locked}
            busy={busy}
            onCalc={calc}
            onRegister={submit}
            onSaveDefaults={storeDefaults}
          />
        </div>
      </div>
      <InfoPopup parcel={info?.parcel ?? null} onClose={closeInfo} onPrint={print} />
      <MessagePopup title={t('errors.priceTitle')} message={priceError} onClose={() => setPriceError(null)} />
      <MessagePopup title={t('errors.registerTitle')} message={regError} onClose={() => setRegError(null)} />
    </Stack>
  );
}
