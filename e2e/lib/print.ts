import type { Locator, Page } from 'playwright-core';

/** Waits until every image under `target` has loaded. */
export async function imagesLoaded(target: Locator): Promise<void> {
  await target.locator('img').first().waitFor();
  await target.evaluate((el) =>
    Promise.all(
      Array.from(el.querySelectorAll('img')).map((img) =>
        img.complete
          ? Promise.resolve()
          : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    ),
  );
}

/**
 * Clicks a print button (after `stubPrint`), waits for the print frame to print and answers the HTML
 * it printed.
 */
export async function printedHtml(page: Page, button: string): Promise<string> {
  await page.evaluate(() => document.body.removeAttribute('data-printed'));
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('body[data-printed]').waitFor();
  return page
    .locator('iframe[data-print-frame]')
    .last()
    .evaluate((f) => (f as HTMLIFrameElement).contentDocument!.documentElement.outerHTML);
}
