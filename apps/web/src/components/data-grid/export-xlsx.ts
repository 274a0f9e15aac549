import type { Workbook } from 'exceljs';
import type { GridSnapshot, SnapshotColumn } from './grid-snapshot';

type ExcelModule = typeof import('exceljs');

/** exceljs is large: it is loaded on the first export, never with the app's main bundle. */
async function loadExcel(): Promise<ExcelModule> {
  const mod: ExcelModule & { default?: ExcelModule } = await import('exceljs');
  return mod.default?.Workbook ? mod.default : mod;
}

const NUM_FORMATS: Partial<Record<SnapshotColumn['type'], string>> = {
  money: '#,##0.00 "₾"',
  weight: '#,##0.00',
  date: 'dd.mm.yyyy',
  datetime: 'dd.mm.yyyy hh:mm',
};

/**
 * Excel stores wall-clock time without a zone and exceljs writes a Date by its UTC fields, so the
 * local time (what the grid shows) is moved into the UTC fields.
 */
function excelDate(timestamp: number): Date {
  const d = new Date(timestamp);
  return new Date(
    Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()),
  );
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return (cleaned || 'Sheet1').slice(0, 31);
}

/** File name with the `.xlsx` extension and without characters that file systems refuse. */
export function xlsxFileName(name: string): string {
  const base =
    Array.from(name, (c) => (c.charCodeAt(0) < 32 || '<>:"/\\|?*'.includes(c) ? '_' : c))
      .join('')
      .trim() || 'export';
  return /\.xlsx$/i.test(base) ? base : `${base}.xlsx`;
}

/** Builds the workbook of a grid snapshot: a bold frozen header, typed cells, group captions, totals. */
export async function buildWorkbook(snapshot: GridSnapshot, sheetName: string): Promise<Workbook> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PostOffice';
  wb.created = new Date();
  const ws = wb.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  const n = Math.max(1, snapshot.columns.length);

  ws.columns = snapshot.columns.map((c) => ({
    key: c.id,
    width: Math.max(8, Math.round(c.width / 7)),
    style: !c.textOnly && NUM_FORMATS[c.type] ? { numFmt: NUM_FORMATS[c.type] } : {},
  }));

  const header = ws.getRow(1);
  snapshot.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true };
    cell.alignment = { vertical: 'middle', wrapText: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
  });
  header.commit();

  let r = 2;
  for (const line of snapshot.lines) {
    const row = ws.getRow(r);
    if (line.kind === 'group') {
      const cell = row.getCell(1);
      cell.value = line.text;
      cell.font = { bold: true };
      cell.alignment = { indent: line.depth };
      if (n > 1) ws.mergeCells(r, 1, r, n);
    } else {
      snapshot.columns.forEach((c, i) => {
        const v = line.values[i];
        if (v === null || v === undefined) return;
        const cell = row.getCell(i + 1);
        if (!c.textOnly && (c.type === 'date' || c.type === 'datetime') && typeof v === 'number') {
          cell.value = excelDate(v);
        } else {
          cell.value = v;
        }
      });
      if (line.depth > 0) row.outlineLevel = Math.min(7, line.depth);
    }
    row.commit();
    r += 1;
  }

  if (snapshot.footer) {
    const row = ws.getRow(r);
    snapshot.footer.forEach((text, i) => {
      if (!text) return;
      const cell = row.getCell(i + 1);
      cell.value = text;
      cell.font = { bold: true };
    });
    row.commit();
  }

  if (snapshot.columns.length) {
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: snapshot.columns.length } };
  }
  return wb;
}

function download(data: BlobPart, fileName: string): void {
  const blob = new Blob([data], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Builds the workbook and hands it to the browser as a download. */
export async function exportSnapshotToXlsx(
  snapshot: GridSnapshot,
  fileName: string,
  sheetName: string,
): Promise<void> {
  const wb = await buildWorkbook(snapshot, sheetName);
  const buffer = await wb.xlsx.writeBuffer();
  download(buffer as ArrayBuffer, xlsxFileName(fileName));
}
