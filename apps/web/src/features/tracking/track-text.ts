/**
 * The tracking page's texts: the same catalogues as the app (i18n/locales/{ka,en}/tracking.json), read
 * without i18next so the page stays small. Georgian by default; the visitor's choice is remembered.
 */
import ka from '@/i18n/locales/ka/tracking.json';
import en from '@/i18n/locales/en/tracking.json';

export type TrackLanguage = 'ka' | 'en';
type Tree = { [key: string]: string | Tree };
const catalogues: Record<TrackLanguage, Tree> = { ka, en };
const KEY = 'po.language';

export function initialLanguage(): TrackLanguage {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'ka';
  } catch {
    return 'ka';
  }
}
export function rememberLanguage(lang: TrackLanguage): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** A text by its dotted key, `{{name}}` filled from `params`; the key itself when missing. */
export function text(lang: TrackLanguage, key: string, params: Record<string, string> = {}): string {
  let node: string | Tree | undefined = catalogues[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const template = typeof node === 'string' ? node : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => params[p] ?? '');
}
