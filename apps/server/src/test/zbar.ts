/**
 * What zbarimg (Debian's zbar-tools) reads in an image for one symbology: the decoded texts, one a
 * code, none when it reads nothing. The one decoder of the server tests (test/pdf-check.ts) and the
 * browser journeys (e2e/lib/barcodes.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function decode(file: string, symbology: 'code128' | 'qrcode'): Promise<string[]> {
  const { stdout } = await run('zbarimg', [
    '--nodbus',
    '--raw',
    '-q',
    '-Sdisable',
    `-S${symbology}.enable`,
    file,
  ]).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  return stdout
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}
