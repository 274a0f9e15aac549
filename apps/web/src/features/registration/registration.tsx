import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DOUBLED_PAYER_KEY, RegisteredParcel } from '@po/contract/registration';
import { ApiError } from '@/api/client';
import { notifyConnecting, notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { formatMoney } from '@/lib/format';
import { calcPrice, register } from './api/register';
import { useOffices } from './api/lookups';
import {
  emptyParcel,
  emptyParty,
  firstNumberInError,
  initialSender,
  isCorporate,
  LIMIT_PARAMS,
  toRequest,
  validate,
  type RegistrationForm,
  type RuleKey,
} from './form-state';
import { enterMovesOn } from './keyboard';
import { Payer } from '@po/contract/constants';
import { loadDefaults, loadLastParcel, saveDefaults, saveLastParcel } from './local-book';
import { printNotificationCard } from '@/components/print/notification-card';
import { PartyBlock } from './components/party-block';
import { ParcelBlock } from './components/parcel-block';
import { InfoPopup } from './components/info-popup';
import { MessagePopup } from './components/message-popup';
import { SectionHeading } from './components/section-heading';
import classes from './registration.module.css';

/** Spec 002 §9: printing starts 1.5 s after registration; the sender re-initialises 2 s after the reset. */
export const AUTO_PRINT_DELAY_MS = 1500;
export const SENDER_REINIT_MS = 2000;
/** The price follows the fields that drive it, this long after the last change. */
export const PRICE_DEBOUNCE_MS = 400;

/** The field to focus for a broken rule of the form (the first one in error). */
const RULE_FIELD: Partial<Record<RuleKey, string>> = {
  'v.barcode': 'parcel-barcode',
  'v.prefix': 'parcel-prefix',
  'v.senderName': 'sender-name',
  'v.receiverName': 'receiver-name',
  'v.senderAddress': 'sender-address',
  'v.receiverAddress': 'receiver-address',
};

function focusField(id: string | undefined) {
  const el = id ? document.getElementById(id) : null;
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.focus();
}

/** The server's "the payer cannot pay a doubled price", in either language. */
/** The contract's key (typed against it; a value import would bring the schemas into this chunk). */
const DOUBLED_PAYER: typeof DOUBLED_PAYER_KEY = 'registration.doubledPayer';
/** The server's refusal of a doubled parcel paid by a receiver without a company, by its message key. */
function isDoubledPayerError(err: unknown): boolean {
  return err instanceof ApiError && err.key === DOUBLED_PAYER;
}

/** /registration: register a parcel with its price and print its delivery notification card. */
export function RegistrationScreen() {
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
  /** each section's reset count: a reset remounts the section, so its address-book choice goes too */
  const [resets, setResets] = useState({ sender: 0, receiver: 0, parcel: 0 });
  const [autoPriceError, setAutoPriceError] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  /** one registration per submission, however many clicks arrive in one tick */
  const submitting = useRef(false);
  const priceSeq = useRef(0);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const freshSender = useCallback(() => initialSender(session, myOffice), [session, myOffice]);

  /** Keyboard-first: the first field that can be typed in (a corporate sender is fixed). */
  const focusFirst = useCallback(() => {
    focusField(corporate ? 'receiver-pid' : 'sender-pid');
  }, [corporate]);
  useEffect(() => {
    focusFirst();
  }, [focusFirst]);

  // A corporate user's office address and city arrive with the office list.
  useEffect(() => {
    if (!corporate || !myOffice) return;
    setForm((f) =>
      f.sender.cityId == null && !f.sender.address ? { ...f, sender: initialSender(session, myOffice) } : f,
    );
  }, [corporate, myOffice, session]);

  // The price follows the fields that drive it: no button to press.
  useEffect(() => {
    if (registered) return;
    setPrice(null);
    setAutoPriceError(null);
    if (validate(form, 'price')) return;
    const seq = ++priceSeq.current;
    const timer = window.setTimeout(() => {
      calcPrice(toRequest(form)).then(
        (value) => {
          if (seq === priceSeq.current) setPrice(value);
        },
        (err: unknown) => {
          if (seq !== priceSeq.current) return;
          const message = err instanceof Error ? err.message : t('errors.notVerified');
          if (isDoubledPayerError(err)) {
            // spec 002 §2.1: the popup, and the doubled checkbox cleared
            setForm((f) => ({ ...f, parcel: { ...f.parcel, doubled: false } }));
            setPriceError(message);
          } else setAutoPriceError(message);
        },
      );
    }, PRICE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [form, registered, t]);

  const update = (patch: Partial<RegistrationForm>) => setForm((f) => ({ ...f, ...patch }));
  const resetSection = (which: 'sender' | 'receiver' | 'parcel') =>
    setResets((r) => ({ ...r, [which]: r[which] + 1 }));

  /** The whole form back to its start; the sender comes back after 2 s when `delaySender`. */
  const resetAll = (delaySender: boolean) => {
    setRegistered(null);
    setPrice(null);
    setResets((r) => ({ sender: r.sender + 1, receiver: r.receiver + 1, parcel: r.parcel + 1 }));
    setForm({
      sender: delaySender ? emptyParty() : freshSender(),
      receiver: emptyParty(),
      parcel: emptyParcel(defaults),
    });
    if (delaySender) later(SENDER_REINIT_MS, () => setForm((f) => ({ ...f, sender: freshSender() })));
    window.setTimeout(focusFirst, 0);
  };

  const print = async (p: RegisteredParcel) => {
    try {
      await printNotificationCard(p);
    } catch (err) {
      notifyError(err);
    }
  };

  /** A broken rule: its message, and the focus in the field to fix. */
  const refuse = (rule: RuleKey) => {
    notifyError(t(rule, LIMIT_PARAMS));
    const payerPid = form.parcel.payer === Payer.Receiver ? 'receiver-pid' : 'sender-pid';
    const numberField = firstNumberInError(form.parcel);
    focusField(
      RULE_FIELD[rule] ??
        (rule === 'v.universalCode' ? payerPid : numberField ? `parcel-${numberField}` : undefined),
    );
  };

  const submit = async () => {
    if (registered || submitting.current) return;
    const rule = validate(form, 'register');
    if (rule) return refuse(rule);
    submitting.current = true;
    setBusy(true);
    notifyConnecting();
    try {
      const p = await register(toRequest(form), crypto.randomUUID());
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
    <Stack gap="md" data-registration-form onKeyDown={enterMovesOn}>
      <Group justify="space-between">
        <SectionHeading title={t('title')} onReset={() => resetAll(false)} order={2} />
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
          key={`sender-${resets.sender}`}
          kind="sender"
          value={form.sender}
          onChange={(sender) => update({ sender })}
          onReset={() => {
            update({ sender: freshSender() });
            resetSection('sender');
          }}
          fixed={corporate}
          locked={locked}
        />
        <PartyBlock
          key={`receiver-${resets.receiver}`}
          kind="receiver"
          value={form.receiver}
          onChange={(receiver) => update({ receiver })}
          onReset={() => {
            update({ receiver: emptyParty() });
            resetSection('receiver');
          }}
          locked={locked}
        />
        <div className={classes.parcel}>
          <ParcelBlock
            key={`parcel-${resets.parcel}`}
            value={form.parcel}
            onChange={(parcel) => update({ parcel })}
            onReset={() => {
              update({ parcel: emptyParcel(defaults) });
              resetSection('parcel');
            }}
            onSaveDefaults={storeDefaults}
            locked={locked}
          />
        </div>
      </div>
      {/* The action bar stays in view at the bottom of the window (1366 x 768 counters); its right end
          is left free for the toasts. */}
      <div className={classes.actions} role="group" aria-label={t('parcel.actions')}>
        <Button onClick={() => void submit()} disabled={locked} loading={busy} data-enter-stop>
          {t('parcel.register')}
        </Button>
        <div className={classes.price} data-testid="price" aria-live="polite">
          <Text size="xs" c="dimmed">
            {t('parcel.price')}
          </Text>
          <Text size="xl" fw={700}>
            {price == null ? '—' : formatMoney(price)}
          </Text>
          {autoPriceError && (
            <Text size="xs" c="red" data-testid="price-error" style={{ overflowWrap: 'anywhere' }}>
              {autoPriceError}
            </Text>
          )}
        </div>
      </div>
      <InfoPopup parcel={info?.parcel ?? null} onClose={closeInfo} onPrint={print} />
      <MessagePopup title={t('errors.priceTitle')} message={priceError} onClose={() => setPriceError(null)} />
      <MessagePopup title={t('errors.registerTitle')} message={regError} onClose={() => setRegError(null)} />
    </Stack>
  );
}
