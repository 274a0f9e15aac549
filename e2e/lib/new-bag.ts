import type { Page } from 'playwright-core';

/**
 * Waits until the scanned-parcels grid of /newbag (the screen's last grid) holds `n` data rows. The
 * screen may show the office's open bags in a grid above it: the demo data has an open bag at some
 * hours of the day, so a count over the whole page would depend on the hour.
 */
export const scannedRows = (page: Page, n: number) =>
  page.waitForFunction((count) => {
    const tables = document.querySelectorAll('table');
    return tables[tables.length - 1]?.querySelectorAll('tbody tr[data-row-id]').length === count;
  }, n);
