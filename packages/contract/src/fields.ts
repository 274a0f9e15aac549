/**
 * Field rules shared by the schemas and the web's inputs, without zod (the small public bundles such as
 * /create-account import them): the longest text each field takes, the contact rules, Latin upper-casing.
 */

/** The longest text of each administration and account-request field (the input's maxLength too). */
export const FIELD_MAX = {
  officeName: 200,
  address: 300,
  personalCode: 11,
  mobileName: 200,
  carNumber: 20,
  driverId: 20,
  login: 100,
  /** the comment (a courier's is a code of up to 9 digits) */
  userInfo: 36,
  personName: 200,
  phone: 30,
  email: 200,
  office: 200,
  message: 1000,
} as const;

/** A telephone number: digits, with an optional leading + and spaces, dashes or brackets between them. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{5,30}$/;
/** An e-mail address: one @, a dotted domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Each answers null when the value is fine (empty is fine: both are optional), or the message key to show. */
export const contactRules = {
  phone: (v: unknown): string | null => {
    const s = v == null ? '' : String(v).trim();
    return s === '' || (PHONE_PATTERN.test(s) && /\d{5}/.test(s.replace(/\D/g, ''))) ? null : 'v.phone';
  },
  email: (v: unknown): string | null => {
    const s = v == null ? '' : String(v).trim();
    return s === '' || EMAIL_PATTERN.test(s) ? null : 'v.email';
  },
} as const;

/** The contact rules' messages (`{field}`: the field's label). */
export const fieldsMessages = {
  'v.phone': {
    ka: 'ველი „{field}“: შეიყვანეთ ტელეფონის ნომერი ციფრებით (მაგ. 599 12 34 56)',
    en: 'Field "{field}": enter a phone number in digits (e.g. 599 12 34 56)',
  },
  'v.email': {
    ka: 'ველი „{field}“: შეიყვანეთ ელ. ფოსტის მისამართი (მაგ. name@example.ge)',
    en: 'Field "{field}": enter an e-mail address (e.g. name@example.ge)',
  },
} as const;

/** A rule's message in a language, its field named by `label`. */
export function contactMessage(key: string, label: string, lang: 'ka' | 'en'): string {
  const m = (fieldsMessages as Record<string, { ka: string; en: string }>)[key];
  return (m ? m[lang] : key).replace('{field}', label);
}

/**
 * Upper-cases Latin letters only. `toUpperCase()` turns Georgian Mkhedruli (ა) into Mtavruli capitals (Ა),
 * which Georgian text does not use: barcodes, car numbers and initials keep Georgian letters as typed.
 */
export const upperLatin = (s: string): string => s.replace(/[a-z]+/g, (x) => x.toUpperCase());
