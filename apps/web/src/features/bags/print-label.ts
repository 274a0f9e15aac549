import type { BagRow } from '@po/contract/bags';
import { printHtml } from '@/components/print/print-frame';
import { code128DataUrl } from '@/components/print/codes';
import i18n from '@/i18n';
import { formatDateTime, formatWeight } from '@/lib/format';

const esc = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

const CSS = `
.label { display: inline-block; border: 2px solid #000; padding: 5mm; min-width: 100mm; }
.label h1 { font-size: 14pt; margin: 0 0 2mm; }
.label img { display: block; margin: 2mm 0; }
.label div { margin: 0.5mm 0; }
`;

/** The bag's label: its name as CODE128 (scanned at the destination), offices, seal and declared figures. */
export function printBagLabel(bag: BagRow) {
  const t = (k: string) => i18n.t(`bags:label.${k}`);
  const lines: Array<[string, string]> = [
    [t('from'), bag.Sender],
    [t('to'), bag.Receiver],
    [t('seal'), bag.SealNumber ?? ''],
    [t('count'), String(bag.DeclaredCount ?? bag.Count)],
    [t('weight'), bag.DeclaredWeight == null ? '' : formatWeight(bag.DeclaredWeight)],
    [t('closed'), bag.CloseDate ? formatDateTime(bag.CloseDate) : ''],
  ];
  const html = `<div class="label" data-bag="${esc(bag.BagName)}"><h1>${esc(t('title'))} ${esc(bag.BagName)}</h1>
<img alt="${esc(bag.BagName)}" src="${code128DataUrl(bag.BagName, { scale: 2, height: 14 })}">
${lines.map(([k, v]) => `<div>${esc(k)}: <b>${esc(v)}</b></div>`).join('')}</div>`;
  return printHtml(html, { title: `${t('title')} ${bag.BagName}`, css: CSS });
}
