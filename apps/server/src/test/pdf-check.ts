/**
 * Reads a PDF the way a person and a scanner do: its pages as PNG (poppler's pdftoppm), its text
 * (pdftotext) and the codes zbarimg (zbar-tools) decodes on a page. Files go to a temporary folder that
 * `cleanup` removes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decode } from './zbar.ts';

const run = promisify(execFile);

export interface PdfCheck {
  /** the page images (page 1 first) */
  pages: string[];
  text: string;
  dir: string;
  cleanup: () => Promise<void>;
}

/** Renders every page at `dpi` and extracts the text. `keepAs` also copies page 1 for a person to look at. */
export async function readPdf(pdf: Buffer, dpi = 200): Promise<PdfCheck> {
  const dir = await mkdtemp(path.join(tmpdir(), 'po-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, path.join(dir, 'page')]);
  const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
  const pages = (await readdir(dir))
    .filter((f) => f.startsWith('page') && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
  return { pages, text, dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The texts of the codes of one symbology zbarimg reads on an image (none: empty), sorted. */
export async function decodeCodes(image: string, symbology: 'code128' | 'qrcode'): Promise<string[]> {
  return (await decode(image, symbology)).sort();
}
