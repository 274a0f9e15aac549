import type { RegistryParcelRow } from '@po/contract/registries';
import { printHtml } from '@/components/print/print-frame';
import { qrDataUrl } from '@/components/print/codes';
import i18n from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { getRegistryFields } from '@/lib/preferences';

const esc = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

/** The registry QR's box on the sheet (spec 002 §9: 100x80). */
export const REGISTRY_QR = { width: 100, height: 80 } as const;

const CSS = `
.sheet { font-size: 10pt; }
.sheet header { display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm; margin-bottom: 4mm; }
.sheet h1 { font-size: 15pt; margin: 0 0 2mm; }
.sheet .qr { width: ${REGISTRY_QR.width}px; height: ${REGISTRY_QR.height}px; display: flex; justify-content: center; }
.sheet .qr img { height: ${REGISTRY_QR.height}px; width: ${REGISTRY_QR.height}px; image-rendering: pixelated; }
.sheet .meta div { margin: 0.5mm 0; }
.sheet table { border-collapse: collapse; width: 100%; }
.sheet th, .sheet td { border: 1px solid #000; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
.sheet th { background: #eee; }
.sheet .signatures { display: flex; gap: 20mm; margin-top: 12mm; }
.sheet .signatures div { flex: 1; border-top: 1px solid #000; padding-top: 1mm; }
`;

export interface RegistrySheet {
  name: string;
  operator: string;
  rows: readonly RegistryParcelRow[];
  /** the sender column (the profile's registry choice by default) */
  sender?: boolean;
}

/** The printed registry (spec 002 §2.2): its QR, print date, title, operator, the parcels and signature blocks. */
export async function registrySheetHtml(sheet: RegistrySheet): Promise<string> {
  const t = (k: string, o?: Record<string, unknown>) => i18n.t(`registries:print.${k}`, o);
  const sender = sheet.sender ?? getRegistryFields().includes('SenderData');
  const qr = await qrDataUrl(sheet.name, { size: 240 });
  const head = [
    '#',
    ...(sender ? [t('sender')] : []),
    t('receiver'),
    t('caseNumber'),
    t('barcode'),
    t('note'),
  ];
  const body = sheet.rows
    .map((r, i) => {
      const cells = [String(i + 1), ...(sender ? [r.Sender] : []), r.Receiver, r.Fild1, r.BarCode, r.Fild2];
      return `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`;
    })
    .join('');
  return `<div class="sheet" data-registry="${esc(sheet.name)}">
<header>
  <div class="meta">
    <h1>${esc(t('title', { name: sheet.name }))}</h1>
    <div>${esc(t('printDate'))}: ${esc(formatDateTime(new Date()))}</div>
    <div>${esc(t('operator'))}: ${esc(sheet.operator)}</div>
    <div>${esc(t('count', { count: sheet.rows.length }))}</div>
  </div>
  <div class="qr"><img alt="${esc(sheet.name)}" data-qr="${esc(sheet.name)}" src="${qr}"></div>
</header>
<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>
<div class="signatures"><div>${esc(t('courierSignature'))}</div><div>${esc(t('receiverSignature'))}</div></div>
</div>`;
}

/** Prints the registry sheet through the app's print frame. */
export async function printRegistry(sheet: RegistrySheet) {
  const html = await registrySheetHtml(sheet);
  return printHtml(html, { title: i18n.t('registries:print.title', { name: sheet.name }), css: CSS });
}
