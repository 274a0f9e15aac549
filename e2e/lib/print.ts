import type { Page } from 'playwright-core';

/**
 * Keeps the browser's print dialog shut: print frames mark the page (`body[data-printed]`, the time of
 * the last print) instead of printing. Call it on a page that has loaded the app.
 */
export async function stubPrint(page: Page): Promise<void> {
  await page.evaluate(() => {
    const proto = HTMLIFrameElement.prototype;
    const desc = Object.getOwnPropertyDescriptor(proto, 'contentWindow')!;
    Object.defineProperty(proto, 'contentWindow', {
      get(this: HTMLIFrameElement) {
        const w = desc.get!.call(this) as Window | null;
        if (w)
          (w as Window & { print: () => void }).print = () =>
            document.body.setAttribute('data-printed', String(Date.now()));
        return w;
      },
    });
  });
}
