import i18n, { type BackendModule, type ReadCallback, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// The login form's texts travel with the application; every other catalogue loads with its screen.
import kaAuth from './locales/ka/auth.json';
import kaCommon from './locales/ka/common.json';

/**
 * Catalogues live in locales/<lng>/<namespace>.json, one namespace per area
 * (common, layout, grid, auth, reference, admin, registration ...). Georgian is the default.
 *
 * In the browser only the Georgian `common` and `auth` are bundled; any other namespace is fetched the
 * first time a component asks for it (`useTranslation('grid')` suspends until it is there) and only for
 * the active language (plus Georgian as the fallback when English is active: the server's messages are
 * Georgian). `loadNamespaces` lets a route fetch its namespaces together with its code.
 * Component tests get every catalogue at once, so nothing suspends there.
 */
type Catalogue = Record<string, unknown>;
const lazyFiles = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });
const testFiles =
  import.meta.env.MODE === 'test'
    ? import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default', eager: true })
    : {};

const catalogueKey = (lng: string, ns: string) => `./locales/${lng}/${ns}.json`;

/** i18next backend reading the catalogue files of this folder on demand. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, done: ReadCallback) {
    const load = lazyFiles[catalogueKey(lng, ns)];
    if (!load) {
      done(null, {}); // unknown namespace or language: nothing to translate with (keys show)
      return;
    }
    load().then(
      (data) => done(null, data as ResourceKey),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

function allCatalogues(): Resource {
  const resources: Resource = {};
  for (const [path, data] of Object.entries(testFiles)) {
    const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lng, ns] = m;
    resources[lng] ??= {};
    resources[lng][ns] = data as ResourceKey;
  }
  return resources;
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

const everything = Object.keys(testFiles).length > 0;
if (!everything) i18n.use(catalogueBackend);
void i18n.use(initReactI18next).init({
  resources: everything ? allCatalogues() : { ka: { common: kaCommon, auth: kaAuth } },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  supportedLngs: [...supportedLanguages],
  fallbackLng: 'ka',
  load: 'currentOnly',
  defaultNS: 'common',
  ns: ['common', 'auth'],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
});

/** Fetches namespaces of the active language (a route calls it beside its `import()`). */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/** Keeps `<html lang>` with the language and remembers the user's choice. */
function applyLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

/** Switches the language; the catalogues in use are fetched first, then the screen re-renders. */
export function setLanguage(lng: Language): Promise<unknown> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    /* storage unavailable */
  }
  return i18n.changeLanguage(lng);
}

export default i18n;
