import type { KeyboardEvent } from 'react';

/** The fields Enter moves between, in the order Tab would visit them. */
const FIELDS =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]), [data-enter-stop]:not([disabled])';

/** The registration form's root, marked so focus moves stay inside it. */
export const FORM_ROOT = '[data-registration-form]';

/** Moves the focus to the next field of the registration form after `from` (the last: the register button). */
export function focusNextField(from: HTMLElement): void {
  const root = from.closest(FORM_ROOT) ?? document.body;
  const all = Array.from(root.querySelectorAll<HTMLElement>(FIELDS)).filter(
    (el) => el.offsetParent !== null && el.tabIndex >= 0,
  );
  const i = all.indexOf(from);
  const next = all[i + 1];
  next?.focus();
  if (next instanceof HTMLInputElement && next.type === 'text') next.select();
}

/**
 * Enter moves field to field, as a counter is worked; in the description too (Shift+Enter breaks its
 * line there). Not where the field has used the Enter itself: a drop-down list picking its highlighted
 * option (an open list with nothing highlighted lets Enter move on), a button pressing itself.
 */
export function enterMovesOn(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
  if (e.nativeEvent.isComposing) return;
  const el = e.target;
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
  e.preventDefault();
  focusNextField(el);
}
