/**
 * Prints a plain HTML table through a hidden iframe, so only the table goes to the printer (not the
 * app's menus and toolbars). Reusable by any screen: give it headers and rows of display text.
 */

import { printWindow } from '../print/print-frame';

export interface PrintTableColumn {
  header: string;
  align?: 'left' | 'center' | 'right';
}

/** A row of cell texts, or a group caption spanning the whole width. */
export type PrintTableRow = readonly string[] | { group: string; depth?: number };

export interface PrintTableDocument {
  title?: string;
  /** A second heading line, e.g. the date range or the time of printing. */
  subtitle?: string;
  columns: readonly PrintTableColumn[];
  rows: readonly PrintTableRow[];
  /** Summary texts under the columns (same length as `columns`; empty strings for none). */
  footer?: readonly string[];
  /** Document language (default `ka`). */
  lang?: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function isGroupRow(row: PrintTableRow): row is { group: string; depth?: number } {
  return !Array.isArray(row);
}

const STYLE = `
  @page { size: auto; margin: 12mm; }
  body { font-family: 'Noto Sans Georgian', 'Noto Sans', Arial, sans-serif; font-size: 11px; color: #000; margin: 0; }
  h1 { font-size: 15px; margin: 0 0 4px; }
  p.subtitle { margin: 0 0 8px; color: #333; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border: 1px solid #999; padding: 3px 5px; vertical-align: top; text-align: left; }
  thead th { background: #eee; }
  thead { display: table-header-group; }
  tfoot td { font-weight: bold; background: #f6f6f6; }
  tr { page-break-inside: avoid; }
  td.group { font-weight: bold; background: #f3f3f3; }
  .right { text-align: right; } .center { text-align: center; }
`;

/** The complete HTML page for a table (pure, so it can be tested and previewed). */
export function renderPrintHtml(doc: PrintTableDocument): string {
  const cls = (align: PrintTableColumn['align']) =>
    align === 'right' || align === 'center' ? ` class="${align}"` : '';
  const span = Math.max(1, doc.columns.length);
  const head = doc.columns.map((c) => `<th${cls(c.align)}>${escapeHtml(c.header)}</th>`).join('');
  const body = doc.rows
    .map((row) => {
      if (isGroupRow(row)) {
        const pad = (row.depth ?? 0) * 16;
        return `<tr><td class="group" colspan="${span}" style="padding-left:${5 + pad}px">${escapeHtml(row.group)}</td></tr>`;
      }
      return `<tr>${doc.columns.map((c, i) => `<td${cls(c.align)}>${escapeHtml(row[i] ?? '')}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const foot =
    doc.footer && doc.footer.some((f) => f)
      ? `<tfoot><tr>${doc.columns.map((c, i) => `<td${cls(c.align)}>${escapeHtml(doc.footer?.[i] ?? '')}</td>`).join('')}</tr></tfoot>`
      : '';
  const title = doc.title ? escapeHtml(doc.title) : '';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(doc.lang ?? 'ka')}">
<head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head>
<body>
${title ? `<h1>${title}</h1>` : ''}${doc.subtitle ? `<p class="subtitle">${escapeHtml(doc.subtitle)}</p>` : ''}
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody>${foot}</table>
</body></html>`;
}

/**
 * Renders the table into a hidden iframe and opens the print dialog. The iframe removes itself after
 * printing (or after a minute, for browsers that do not report it). Returns the iframe.
 */
export function printTable(doc: PrintTableDocument): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('data-print-frame', '');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  document.body.appendChild(frame);

  const win = frame.contentWindow;
  const fdoc = frame.contentDocument ?? win?.document;
  if (!win || !fdoc) {
    frame.remove();
    throw new Error('print frame unavailable');
  }
  fdoc.open();
  fdoc.write(renderPrintHtml(doc));
  fdoc.close();

  let removed = false;
  const cleanup = () => {
    if (removed) return;
    removed = true;
    frame.remove();
  };
  const fallback = window.setTimeout(cleanup, 60_000);
  win.addEventListener('afterprint', () => {
    window.clearTimeout(fallback);
    // Let the dialog close before the frame goes away (some browsers still read it).
    window.setTimeout(cleanup, 100);
  });
  // Wait a tick so fonts and layout settle in the new document.
  window.setTimeout(() => printWindow(win), 50);
  return frame;
}
