/**
 * The public tracking page (issue 38): `/track` (a barcode box) and `/track/{barcode}`, no login,
 * Georgian by default with an English switch, phone-first. Plain DOM code, no back-office code, so the
 * page is a few kilobytes on a slow connection. It shows what `TrackParcel` answers: the journey in plain
 * words, the cities, the expected date, the recipient's initials, and with a message's signed link
 * (`?stop=…`) a button that stops the messages.
 */
import { initialLanguage, rememberLanguage, text, type TrackLanguage } from './track-text';

interface Step {
  Step: string;
  At: string;
  Place: string;
  Reason: number | null;
}
interface Tracked {
  Barcode: string;
  State: 'inProgress' | 'delivered' | 'notDelivered';
  OriginCity: string;
  DestinationCity: string;
  ExpectedDate: string | null;
  Initials: string;
  Steps: Step[];
  NotificationsStopped: boolean;
}
interface Envelope<T> {
  Status: boolean;
  Code: number;
  Data: T | null;
  Error: string | null;
}

type View =
  | { kind: 'box' }
  | { kind: 'loading' }
  | { kind: 'found'; parcel: Tracked; stop: 'none' | 'ask' | 'done' | 'failed' }
  | { kind: 'error'; key: 'notFound' | 'tooMany' | 'offline' };

let lang: TrackLanguage = initialLanguage();
let view: View = { kind: 'box' };

const barcodeOfPath = () => {
  const m = /^\/track\/([^/?#]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : '';
};
const stopSig = () => new URLSearchParams(location.search).get('stop') ?? '';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
const t = (key: string, params?: Record<string, string>) => text(lang, key, params);

/** A time as Georgians write it, in Tbilisi: 27.11.2026 (and 14:05). */
function when(iso: string, withTime: boolean): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tbilisi',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const v = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
  const day = `${v('day')}.${v('month')}.${v('year')}`;
  return withTime ? `${day} ${v('hour')}:${v('minute')}` : day;
}

function stepText(s: Step): string {
  const reason =
    s.Reason && t(`reason.${s.Reason}`) !== `reason.${s.Reason}`
      ? t(`reason.${s.Reason}`)
      : t('reason.other');
  return t(`step.${s.Step}`, { place: s.Place || '—', reason });
}

async function load(barcode: string): Promise<void> {
  view = { kind: 'loading' };
  render();
  try {
    const res = await fetch(`/api/TrackParcel?Barcode=${encodeURIComponent(barcode)}`);
    const body = (await res.json()) as Envelope<Tracked>;
    if (body.Status && body.Data) {
      const sig = stopSig();
      const stop =
        sig && !body.Data.NotificationsStopped
          ? 'ask'
          : body.Data.NotificationsStopped && sig
            ? 'done'
            : 'none';
      view = { kind: 'found', parcel: body.Data, stop };
    } else view = { kind: 'error', key: body.Code === 429 ? 'tooMany' : 'notFound' };
  } catch {
    view = { kind: 'error', key: 'offline' };
  }
  render();
}

async function stopMessages(parcel: Tracked): Promise<void> {
  try {
    const res = await fetch('/api/StopNotifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Barcode: parcel.Barcode, Sig: stopSig() }),
    });
    const body = (await res.json()) as Envelope<{ Ret: number }>;
    view = { kind: 'found', parcel, stop: body.Status ? 'done' : 'failed' };
  } catch {
    view = { kind: 'found', parcel, stop: 'failed' };
  }
  render();
}

function go(barcode: string): void {
  const code = barcode.trim().toUpperCase();
  if (!code) return;
  history.pushState(null, '', `/track/${encodeURIComponent(code)}`);
  void load(code);
}

function box(value = ''): HTMLElement {
  const input = el('input', {
    id: 'barcode',
    name: 'barcode',
    inputmode: 'text',
    autocomplete: 'off',
    autocapitalize: 'characters',
    placeholder: t('boxPlaceholder'),
    required: '',
  });
  input.value = value;
  const form = el(
    'form',
    { class: 'box', role: 'search' },
    el('label', { for: 'barcode' }, t('boxLabel')),
    el('div', { class: 'row' }, input, el('button', { type: 'submit' }, t('go'))),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go(input.value);
  });
  return form;
}

function parcelView(p: Tracked, stop: 'none' | 'ask' | 'done' | 'failed'): HTMLElement {
  const facts = el(
    'dl',
    { class: 'facts' },
    el('dt', {}, t('from')),
    el('dd', {}, p.OriginCity || '—'),
    el('dt', {}, t('to')),
    el('dd', {}, p.DestinationCity || '—'),
  );
  if (p.ExpectedDate && p.State !== 'delivered')
    facts.append(el('dt', {}, t('expected')), el('dd', {}, when(p.ExpectedDate, false)));
  if (p.Initials) facts.append(el('dt', {}, t('recipient')), el('dd', {}, p.Initials));
  const steps = el('ol', { class: 'journey' });
  for (const s of [...p.Steps].reverse())
    steps.append(
      el(
        'li',
        {},
        el('span', { class: 'what' }, stepText(s)),
        el('time', { datetime: s.At }, when(s.At, true)),
      ),
    );
  const card = el(
    'section',
    { class: 'card', 'aria-labelledby': 'code' },
    el('h2', { id: 'code' }, p.Barcode),
    el('p', { class: `state state--${p.State}` }, t(`state.${p.State}`)),
    facts,
    el('h3', {}, t('journey')),
    steps,
  );
  if (stop === 'ask') {
    const button = el('button', { type: 'button', class: 'secondary' }, t('stop.button'));
    button.addEventListener('click', () => void stopMessages(p));
    card.append(el('div', { class: 'stop' }, el('p', {}, t('stop.ask')), button));
  } else if (stop === 'done' || stop === 'failed')
    card.append(el('p', { class: 'stop', role: 'status' }, t(`stop.${stop}`)));
  return card;
}

function render(): void {
  document.documentElement.lang = lang;
  document.title = `${t('title')} · ${t('brand')}`;
  const switcher = el(
    'button',
    { type: 'button', class: 'lang', lang: lang === 'ka' ? 'en' : 'ka' },
    t('language'),
  );
  switcher.addEventListener('click', () => {
    lang = lang === 'ka' ? 'en' : 'ka';
    rememberLanguage(lang);
    render();
  });
  const main = el('main', {}, el('h1', {}, t('title')));
  if (view.kind === 'box') main.append(box());
  else if (view.kind === 'loading') main.append(el('p', { role: 'status' }, t('loading')));
  else if (view.kind === 'found') main.append(parcelView(view.parcel, view.stop), box());
  else {
    main.append(el('p', { class: 'error', role: 'alert' }, t(view.key)));
    if (view.key === 'offline') {
      const retry = el('button', { type: 'button' }, t('retry'));
      retry.addEventListener('click', () => void load(barcodeOfPath()));
      main.append(retry);
    }
    main.append(box(barcodeOfPath()));
  }
  const root = document.getElementById('root')!;
  root.replaceChildren(el('header', {}, el('strong', {}, t('brand')), switcher), main);
}

export function startTrackPage(): void {
  const route = () => {
    const code = barcodeOfPath();
    if (code) void load(code);
    else {
      view = { kind: 'box' };
      render();
    }
  };
  window.addEventListener('popstate', route);
  route();
}
