import type { ParcelListRow } from '@po/contract/parcels/scans';
import { printHtml } from '@/components/print/print-frame';
import { code128DataUrl } from '@/components/print/codes';
import i18n from '@/i18n';
import { formatDateTime, formatMoney, formatWeight } from '@/lib/format';

const esc = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

const CSS = `
.slip { border: 1px solid #000; padding: 6mm; width: 120mm; }
.slip h1 { font-size: 14pt; margin: 0 0 3mm; }
.slip img { display: block; margin: 2mm 0 4mm; }
.slip table { border-collapse: collapse; width: 100%; }
.slip td { padding: 1mm 2mm; vertical-align: top; border-bottom: 1px solid #ccc; }
.slip td:first-child { color: #444; width: 40%; }
`;

/** The chosen parcel printed on one slip (spec 002 §2.6 "a print button for the chosen parcel"). */
export function printParcel(row: ParcelListRow) {
  const t = (k: string) => i18n.t(`scan:${k}`);
  const lines: Array<[string, string]> = [
    [t('columns.createDate'), formatDateTime(row.CreateDate)],
    [t('columns.collectionDate'), row.CollectionDate ? formatDateTime(row.CollectionDate) : '—'],
    [t('columns.status'), row.CurStatusName],
    [t('columns.sender'), row.Sender],
    [t('columns.receiver'), row.Receiver],
    [t('columns.login'), row.Login],
    [t('props.weight'), formatWeight(row.Weight)],
    [t('props.value'), formatMoney(row.Value)],
    [t('columns.comment'), row.Signature],
  ];
  const html = `<div class="slip"><h1>${esc(t('print.title'))} ${esc(row.Barcode)}</h1>
<img alt="${esc(row.Barcode)}" src="${code128DataUrl(row.Barcode)}">
<table>${lines.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join('')}</table></div>`;
  return printHtml(html, { title: `${t('print.title')} ${row.Barcode}`, css: CSS });
}
