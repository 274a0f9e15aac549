import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Catalogues live in locales/<lng>/<namespace>.json, one namespace per area
 * (common, grid, auth, reference, admin, registration ...). Georgian is the default.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

type Resources = Record<string, Record<string, Record<string, unknown>>>;
const resources: Resources = {};
for (const [path, mod] of Object.entries(files)) {
  const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!m) continue;
  const [, lng, ns] = m;
  resources[lng] ??= {};
  resources[lng][ns] = mod.default;
}

export const LANGUAGE_KEY = 'po.language';
export const supportedLanguages = ['ka', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];

function initialLanguage(): Language {
  try {
    const saved = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    if (saved === 'en' || saved === 'ka') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'ka';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'ka',
  defaultNS: 'common',
  ns: Object.keys(resources.ka ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Keeps `<html lang>` with the language and remembers the user's choice. */
function applyLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export function setLanguage(lng: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    /* storage unavailable */
  }
  void i18n.changeLanguage(lng);
}

export default i18n;
