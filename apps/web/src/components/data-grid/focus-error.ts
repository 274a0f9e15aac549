/** The first field of `fields` (in the editor's order) that has a message in `errors`, or null. */
export function firstErrorField(
  fields: readonly string[],
  errors: Readonly<Record<string, string>>,
): string | null {
  return fields.find((f) => errors[f]) ?? null;
}

const FOCUSABLE = 'input:not([type="hidden"]),textarea,select,button,[tabindex]:not([tabindex="-1"])';

/**
 * Brings an editor's field into view and focuses it (a failed Save: the first field in error), so the
 * message is seen even when the field is off-screen in a wide row or a long form.
 */
export function revealField(container: HTMLElement | null, field: string): void {
  if (!container) return;
  const host = Array.from(container.querySelectorAll<HTMLElement>('[data-field]')).find(
    (el) => el.dataset.field === field,
  );
  if (!host) return;
  const target = host.matches(FOCUSABLE) ? host : host.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? host).scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  target?.focus({ preventScroll: true });
}
