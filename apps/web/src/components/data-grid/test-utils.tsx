import { screen, within } from '@testing-library/react';

/** Data rows currently rendered (not group, detail or editor rows). */
export function dataRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row-id'));
}

/** Keys (row ids) of the rendered data rows in order. */
export function rowIds(): string[] {
  return dataRows().map((r) => r.getAttribute('data-row-id') ?? '');
}

/** Text of a column in every rendered data row, the column found by its header text. */
export function columnTexts(header: string): string[] {
  const headers = screen.getAllByRole('columnheader');
  const headerRow = headers[0].closest('tr');
  const cells = headerRow ? Array.from(headerRow.children) : [];
  const index = cells.findIndex((c) => c.getAttribute('data-column-id') !== null && c.textContent === header);
  if (index < 0) throw new Error(`no column ${header}`);
  return dataRows().map((r) => r.children[index]?.textContent ?? '');
}

export function groupRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((r) => r.hasAttribute('data-group-row'));
}

export function pageInfo(): string {
  return screen.getByTestId('grid-page-info').textContent ?? '';
}

export function headerNames(): string[] {
  const headerRow = screen.getAllByRole('columnheader')[0].closest('tr');
  return Array.from(headerRow?.querySelectorAll('[data-column-id]') ?? []).map((c) => c.textContent ?? '');
}

export { within };

/**
 * Opens a Mantine Select/MultiSelect and clicks one of its options. Mantine hides floating
 * drop-downs in jsdom (nothing has a size there), so the options are looked up with `hidden: true`
 * inside the list box this input controls.
 */
export async function pickOption(
  user: { click: (el: Element) => Promise<void> },
  input: HTMLElement,
  name: string,
): Promise<void> {
  await user.click(input);
  const { findByRole } = within(await findListbox(input));
  await user.click(await findByRole('option', { name, hidden: true }));
}

async function findListbox(input: HTMLElement): Promise<HTMLElement> {
  for (let i = 0; i < 50; i++) {
    const id = input.getAttribute('aria-controls');
    const box = id ? document.getElementById(id) : null;
    if (box) return box;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('list box did not open');
}
