/**
 * Whether the user has put the focus into another field of the screen since a popup closed: an input,
 * a text area, a select or an editable element that is not `own` and not inside a popup still closing.
 * The scan fields give themselves the focus back a moment after a popup closes (spec 002 §1, 003 §9);
 * they must not take it from a comment the user has started typing in that moment.
 */
export function focusIsInAnotherField(own: Element | null | undefined): boolean {
  const active = document.activeElement;
  if (!active || active === own || active === document.body) return false;
  if (active.closest('[role="dialog"]')) return false;
  return active.matches('input, textarea, select, [contenteditable="true"]');
}

/** Focuses `el` unless the user is in another field (`focusIsInAnotherField`). */
export function refocus(el: HTMLElement | null | undefined): void {
  if (el && !focusIsInAnotherField(el)) el.focus();
}
