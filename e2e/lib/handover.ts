import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiCall, apiLogin } from './api.ts';

/** A signature drawn on a 600x240 canvas in the page, as the phone's pad sends it (a PNG data URL). */
export function drawnSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 240;
    const c = canvas.getContext('2d')!;
    c.lineWidth = 4;
    c.lineCap = 'round';
    c.beginPath();
    c.moveTo(40, 160);
    for (let x = 40; x <= 560; x += 8) c.lineTo(x, 120 + Math.sin(x / 25) * 60 * Math.cos(x / 90));
    c.stroke();
    return canvas.toDataURL('image/png');
  });
}

/**
 * The demo courier picks the parcel up (8711) and hands it over (8712) with `comment` and the
 * `signature`, through the API as the phone sends them.
 */
export async function deliverAsCourier(
  baseURL: string,
  barcode: string,
  comment: string,
  signature: string,
): Promise<void> {
  const courier = await apiLogin(baseURL, 'courier');
  for (const [Status, Comment, ImageB64] of [
    [8711, '', ''],
    [8712, comment, signature],
  ] as const) {
    const { env } = await apiCall<{ Applied: number }>(baseURL, 'POST', 'MobSendJob', {
      ...courier,
      JobId: crypto.randomUUID(),
      Status,
      Comment,
      ImageB64,
      Ji: [{ Gui: crypto.randomUUID(), Barcode: barcode, Stack: false, Number: 1 }],
    });
    assert.equal(env?.Data.Applied, 1, env?.Error ?? JSON.stringify(env?.Data));
  }
}
