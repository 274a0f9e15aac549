import { useMatches } from 'react-router';
import { useTitle } from '@/app/page-title';

export interface ScreenHandle {
  /** key under layout:routes */
  title: string;
}

export function isScreenHandle(h: unknown): h is ScreenHandle {
  return typeof h === 'object' && h !== null && typeof (h as ScreenHandle).title === 'string';
}

/** The i18n key of the deepest matched screen, if any. */
export function useScreenKey(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle;
    if (isScreenHandle(h)) return h.title;
  }
  return null;
}

/** The translated title of the current screen. */
export function useScreenTitle(): string {
  return useTitle(useScreenKey());
}
