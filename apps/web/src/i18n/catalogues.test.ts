import { describe, expect, it } from 'vitest';

/**
 * Every catalogue namespace exists in Georgian and English with the same keys, no empty texts, and
 * Georgian texts that are Georgian (not English left untranslated).
 */
const LANGUAGES = ['ka', 'en'] as const;
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
/** lng -> namespace -> catalogue */
const catalogues = new Map<string, Map<string, Tree>>();
for (const [path, tree] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!lng || !ns) continue;
  if (!catalogues.has(lng)) catalogues.set(lng, new Map());
  catalogues.get(lng)?.set(ns, tree);
}

/** Latin words a Georgian text may contain: names, codes and units. */
const ALLOWED_LATIN = new Set([
  'PostOffice',
  'English', // the language's own name in the language menu
  'ID',
  'GUID',
  'PIN',
  'IMEI',
  'SMS',
  'QR',
  'PDF',
  'ZIP', // the proof of delivery export's archive format (issue 40)
  'API', // the shipper API's keys (issue 39)
  'Excel',
  'xlsx',
  'GEL',
  'kg',
  'km',
  'Email',
  'E-mail',
  'RS',
  'RG', // the registry codes' prefix (RG-000123): the waybill grid's 'RG №' column
  'RoleId',
  'a-z', // letter ranges in the password rules
  'A-Z',
  'Enter', // the key as printed on the keyboard
  'Shift', // Shift+Enter, the key as printed on the keyboard
]);
/** Latin names of more than one word. */
const ALLOWED_PHRASES = ['Nino Studio']; // the designer's studio (footer credit)
/** English texts that may be Georgian: the language menu names Georgian in Georgian. */
const GEORGIAN_IN_ENGLISH = new Set(['common:lang.ka', 'tracking:language']);

const GEORGIAN = /[\u10A0-\u10FF\u1C90-\u1CBF]/;
/** Plural forms (`key_one`, `key_other` ...) count as their key: languages have different forms. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A Latin word (interpolations `{{name}}` and nesting `$t(...)` are removed first). */
const LATIN_WORD = /[A-Za-z]+(?:-[A-Za-z]+)*/g;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object' && !Array.isArray(v)) for (const e of flatten(v, key)) out.set(...e);
    else out.set(key, String(v)); // numbers, arrays, null: reported by the string check
  }
  return out;
}

function load(lng: string, ns: string): Map<string, string> {
  return flatten(catalogues.get(lng)?.get(ns) ?? {});
}

/** The Latin words of a Georgian text that are not allowed. */
export function untranslatedWords(text: string): string[] {
  let plain = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\$t\([^)]*\)/g, ' ');
  for (const p of ALLOWED_PHRASES) plain = plain.replaceAll(p, ' ');
  return (plain.match(LATIN_WORD) ?? []).filter((w) => !ALLOWED_LATIN.has(w));
}

const namespaces = [...new Set([...catalogues.values()].flatMap((m) => [...m.keys()]))].sort();

describe('i18n catalogues', () => {
  it('finds the namespaces', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining(['common', 'layout', 'auth', 'home', 'profile', 'mobile']),
    );
  });

  describe.each(namespaces)('%s', (ns) => {
    it('exists in Georgian and English', () => {
      const missing = LANGUAGES.filter((l) => !catalogues.get(l)?.has(ns));
      expect(missing).toEqual([]);
    });

    it('has the same keys in Georgian and English', () => {
      const base = (l: string) => new Set([...load(l, ns).keys()].map((k) => k.replace(PLURAL, '')));
      const ka = base('ka');
      const en = base('en');
      expect({
        onlyInGeorgian: [...ka.keys()].filter((k) => !en.has(k)),
        onlyInEnglish: [...en.keys()].filter((k) => !ka.has(k)),
      }).toEqual({ onlyInGeorgian: [], onlyInEnglish: [] });
    });

    it('has no empty texts', () => {
      const empty = LANGUAGES.flatMap((l) =>
        [...load(l, ns)].filter(([, v]) => typeof v !== 'string' || !v.trim()).map(([k]) => `${l}:${k}`),
      );
      expect(empty).toEqual([]);
    });

    it('has Georgian texts in Georgian', () => {
      const bad = [...load('ka', ns)]
        .filter(([, v]) => untranslatedWords(v).length > 0)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
      expect(bad).toEqual([]);
    });
  });

  it('has English texts in English', () => {
    const bad = namespaces.flatMap((ns) =>
      [...load('en', ns)]
        .filter(([k, v]) => GEORGIAN.test(v) && !GEORGIAN_IN_ENGLISH.has(`${ns}:${k}`))
        .map(([k, v]) => `${ns}:${k}: ${JSON.stringify(v)}`),
    );
    expect(bad).toEqual([]);
  });

  it('allows names, codes and units but not English words', () => {
    expect(untranslatedWords('PostOffice · {{name}} 5 kg')).toEqual([]);
    expect(untranslatedWords('Save')).toEqual(['Save']);
    expect(untranslatedWords('შენახვა Save')).toEqual(['Save']);
    expect(untranslatedWords('შეცდომა RS-ზე, (a-z)')).toEqual([]);
  });
});
