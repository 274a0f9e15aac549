import {
  MANIFEST_BLOCK,
  MANIFEST_PRINT_DELAY_MS,
  MANIFEST_RECEIVER_MAX,
  type RanshitRow,
} from '@po/contract/couriers';
import { printHtml } from '@/components/print/print-frame';
import { code128DataUrl } from '@/components/print/codes';
import i18n from '@/i18n';
import { formatDateTime } from '@/lib/format';

const esc = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

const CSS = `
.manifest h1 { font-size: 14pt; margin: 0 0 3mm; }
.block { break-inside: avoid; }
.block.page-break { break-after: page; }
.line { display: grid; grid-template-columns: 10mm 75mm 1fr; gap: 3mm; align-items: center;
  border: 1px solid #000; padding: 3mm; margin-bottom: 3mm; min-height: 50mm; }
.line .no { font-size: 14pt; font-weight: 700; }
.line img { display: block; }
.line .date { font-size: 9pt; color: #333; margin-bottom: 1mm; }
.line .receiver { font-size: 10pt; }
`;

/** Text cut to the manifest's receiver length (spec 002 §9: 170 characters). */
export const cutReceiver = (s: string) => [...s].slice(0, MANIFEST_RECEIVER_MAX).join('');

/** The route-sheet HTML: a line per parcel (number, CODE128, registration date, receiver), 4 a page block. */
export function manifestHtml(courier: string, lines: readonly RanshitRow[]): string {
  const t = (k: string, o?: Record<string, unknown>) => i18n.t(`couriers:manifest.${k}`, o);
  const blocks: string[] = [];
  for (let i = 0; i < lines.length; i += MANIFEST_BLOCK) {
    const part = lines.slice(i, i + MANIFEST_BLOCK);
    const last = i + MANIFEST_BLOCK >= lines.length;
    blocks.push(
      `<section class="block${last ? '' : ' page-break'}">${part
        .map(
          (r, j) => `<div class="line" data-barcode="${esc(r.Barcode)}">
  <div class="no">${i + j + 1}</div>
  <img alt="${esc(r.Barcode)}" src="${code128DataUrl(r.Barcode, { scale: 2, height: 14 })}">
  <div><div class="date">${esc(t('registered'))}: ${esc(formatDateTime(r.CreateDate))}</div>
  <div class="receiver">${esc(cutReceiver(r.Receiver))}</div></div>
</div>`,
        )
        .join('')}</section>`,
    );
  }
  return `<div class="manifest"><h1>${esc(t('title', { courier }))}</h1>
<div>${esc(t('printDate'))}: ${esc(formatDateTime(new Date()))} · ${esc(t('count', { count: lines.length }))}</div>
${blocks.join('')}</div>`;
}

/** Prints the route sheet, 2 s after the frame is ready (spec 002 §9). */
export function printManifest(courier: string, lines: readonly RanshitRow[]) {
  return printHtml(manifestHtml(courier, lines), {
    title: i18n.t('couriers:manifest.title', { courier }),
    css: CSS,
    waitMs: MANIFEST_PRINT_DELAY_MS,
  });
}
