import { copyFile, mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { makeOffice, makeParcel, makeUser } from '../../test/factories.ts';
import { decodeCodes, readPdf } from '../../test/pdf-check.ts';
import { ParcelScope, SYSTEM_SCOPE } from '../parcels/scope.ts';
import { trackingLink } from '../notifications/stop-link.ts';
import { labelsPdf } from './service.ts';

const h = useHarness();
const ctx = (scope: ParcelScope) => ({
  db: h().db,
  config: h().config,
  lists: h().app.deps.listCache.at(null),
  scope,
});

/** Keeps page 1 under .e2e-artifacts/ for a person to look at. */
async function keep(page: string, name: string) {
  const dir = new URL('../../../../../.e2e-artifacts/', import.meta.url).pathname;
  await mkdir(dir, { recursive: true });
  await copyFile(page, `${dir}${name}`);
}

describe('label PDFs', () => {
  it('prints the A6 card: the CODE128 and the QR of the tracking link decode, the Georgian text is there', async () => {
    const p = await makeParcel(h().db, { fild1: 'საქმე-17', weight: 1.5, value: 7.25, parcelTypeId: 8698 });
    const out = await labelsPdf(ctx(SYSTEM_SCOPE), [p.barcode.toLowerCase()], 'A6');
    expect(out.printed).toEqual([p.barcode]);
    expect(out.missing).toEqual([]);
    expect(out.pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await readPdf(out.pdf!);
    try {
      expect(read.pages).toHaveLength(1);
      await keep(read.pages[0], 'label-a6.png');
      expect(await decodeCodes(read.pages[0], 'code128')).toEqual([p.barcode]);
      expect(await decodeCodes(read.pages[0], 'qrcode')).toEqual([
        trackingLink(h().config.PUBLIC_URL, p.barcode),
      ]);
      for (const words of [
        'შეტყობინება ჩაბარების შესახებ',
        'ტესტ მიმღები',
        'საქმე-17',
        '1.50 კგ',
        '7.25 ლარი',
      ]) {
        expect(read.text).toContain(words);
      }
    } finally {
      await read.cleanup();
    }
  });

  it('puts four cards on an A4 page, every code readable, in the order asked', async () => {
    const ps = [];
    for (let i = 0; i < 5; i++) ps.push(await makeParcel(h().db));
    const out = await labelsPdf(
      ctx(SYSTEM_SCOPE),
      ps.map((p) => p.barcode),
      'A4',
    );
    expect(out.printed).toEqual(ps.map((p) => p.barcode));
    const read = await readPdf(out.pdf!);
    try {
      expect(read.pages).toHaveLength(2);
      await keep(read.pages[0], 'label-a4.png');
      const first = ps
        .slice(0, 4)
        .map((p) => p.barcode)
        .sort();
      expect(await decodeCodes(read.pages[0], 'code128')).toEqual(first);
      expect(await decodeCodes(read.pages[0], 'qrcode')).toEqual(
        first.map((b) => trackingLink(h().config.PUBLIC_URL, b)).sort(),
      );
      expect(await decodeCodes(read.pages[1], 'code128')).toEqual([ps[4].barcode]);
    } finally {
      await read.cleanup();
    }
  });

  it("treats another client's parcel as missing, and answers no PDF when nothing is found", async () => {
    const mine = await makeOffice(h().db, { isCorporate: true });
    const theirs = await makeOffice(h().db, { isCorporate: true });
    const u = await makeUser(h().db, { roleId: 100, officeGuid: mine.guid });
    const scope = new ParcelScope('see', {
      guid: u.guid,
      roleId: 100,
      officeGuid: mine.guid,
      isAnother: false,
      isCorporate: true,
      isDistrCenter: false,
      distributionCenter: null,
    });
    const own = await makeParcel(h().db, { registeredOffice: mine.guid });
    const other = await makeParcel(h().db, { registeredOffice: theirs.guid });
    const out = await labelsPdf(ctx(scope), [own.barcode, other.barcode, 'ZZ000000000'], 'A6');
    expect(out.printed).toEqual([own.barcode]);
    expect(out.missing).toEqual([other.barcode, 'ZZ000000000']);
    const read = await readPdf(out.pdf!);
    try {
      expect(read.text).not.toContain(other.barcode);
    } finally {
      await read.cleanup();
    }
    const none = await labelsPdf(ctx(scope), [other.barcode], 'A4');
    expect(none).toEqual({ pdf: null, printed: [], missing: [other.barcode] });
  });
});
