/**
 * The server's message catalogue: every `Error` a client sees comes from here, Georgian first.
 * Keys are grouped by area; `{name}` placeholders are filled from the error's params.
 */
import { adminMessages } from './admin.ts';
import { referenceMessages } from './reference.ts';
import { registrationMessages } from './registration.ts';
import { finderMessages } from './parcels/finder.ts';
import { filesMessages } from './files.ts';
import { reportsMessages } from './reports.ts';
import { parcelsMessages } from './parcels/deletion.ts';
import { scansMessages } from './parcels/scans.ts';
import { registriesMessages } from './registries.ts';
import { bagsMessages } from './bags.ts';
import { couriersMessages } from './couriers.ts';
import { archiveMessages } from './archive.ts';
import { securityMessages } from './auth.ts';
import { mobileMessages } from './mobile.ts';
import { waybillsMessages } from './waybills.ts';
import { fieldsMessages } from './fields.ts';
import { scopeMessages } from './scope.ts';
import { trackingMessages } from './tracking.ts';
import { notificationsMessages } from './notifications.ts';
import { webhooksMessages } from './webhooks.ts';
import { photosMessages } from './proof/photos.ts';
import { rulesMessages } from './proof/rules.ts';
import { podExportMessages } from './proof/export.ts';
import { shipperMessages } from './shipper.ts';

export interface Message {
  ka: string;
  en: string;
}

export const platformMessages = {
  // validation (field-level; {field} is the parameter name as the specification spells it)
  'v.required': { ka: 'ველი „{field}“ სავალდებულოა', en: 'Field "{field}" is required' },
  'v.text': { ka: 'ველი „{field}“ უნდა იყოს ტექსტი', en: 'Field "{field}" must be text' },
  'v.tooLong': {
    ka: 'ველი „{field}“ ძალიან გრძელია (მაქსიმუმ {max} სიმბოლო)',
    en: 'Field "{field}" is too long (at most {max} characters)',
  },
  'v.tooShort': { ka: 'ველი „{field}“ ძალიან მოკლეა', en: 'Field "{field}" is too short' },
  'v.number': { ka: 'ველი „{field}“ უნდა იყოს რიცხვი', en: 'Field "{field}" must be a number' },
  'v.int': { ka: 'ველი „{field}“ უნდა იყოს მთელი რიცხვი', en: 'Field "{field}" must be a whole number' },
  'v.boolean': { ka: 'ველი „{field}“ უნდა იყოს true ან false', en: 'Field "{field}" must be true or false' },
  'v.guid': { ka: 'ველი „{field}“ უნდა იყოს GUID', en: 'Field "{field}" must be a GUID' },
  'v.date': {
    ka: 'ველი „{field}“ უნდა იყოს თარიღი (MM/DD/YYYY ან ISO)',
    en: 'Field "{field}" must be a date (MM/DD/YYYY or ISO)',
  },
  'v.barcode': {
    ka: 'ველი „{field}“: შეიყვანეთ შტრიხკოდი სწორი ფორმატით (9-12 სიმბოლო)',
    en: 'Field "{field}": enter the barcode in the correct format (9 to 12 characters)',
  },
  'v.invalid': { ka: 'ველი „{field}“ არასწორია', en: 'Field "{field}" is invalid' },
  'v.tooSmall': { ka: 'ველის „{field}“ მნიშვნელობა ძალიან მცირეა', en: 'Field "{field}" is too small' },
  'v.tooBig': { ka: 'ველის „{field}“ მნიშვნელობა ძალიან დიდია', en: 'Field "{field}" is too large' },
  'v.oneOf': {
    ka: 'ველის „{field}“ მნიშვნელობა დაუშვებელია',
    en: 'Field "{field}" has a value that is not allowed',
  },
  // request-level
  'http.badJson': { ka: 'მოთხოვნის JSON არასწორია', en: 'The request JSON is malformed' },
  'http.tooLarge': { ka: 'მოთხოვნა ძალიან დიდია', en: 'The request is too large' },
  'http.unknownCall': { ka: 'ასეთი მოთხოვნა არ არსებობს: {path}', en: 'No such call: {path}' },
  'http.badMethod': {
    ka: 'მეთოდი {method} ამ მოთხოვნისთვის დაუშვებელია',
    en: 'Method {method} is not allowed here',
  },
  'http.internal': {
    ka: 'სერვერზე მოხდა შეცდომა. სცადეთ მოგვიანებით (მოთხოვნა {requestId})',
    en: 'The server had an error. Try again later (request {requestId})',
  },
  'http.badContentType': {
    ka: 'მოთხოვნის ფორმატი არ არის მხარდაჭერილი',
    en: 'The request format is not supported',
  },
  // session and roles
  'auth.required': { ka: 'საჭიროა ავტორიზაცია', en: 'Authorization required' },
  'auth.forbidden': { ka: 'ამ ოპერაციის შესრულების უფლება არ გაქვთ', en: 'You are not allowed to do this' },
  'auth.corporate': {
    ka: 'კორპორატიულ მომხმარებელს ამ ოპერაციის უფლება არ აქვს',
    en: 'Corporate users may not do this',
  },
  'auth.badCredentials': { ka: 'მომხმარებლის სახელი ან პაროლი არასწორია', en: 'Wrong login or password' },
  'auth.role': {
    ka: 'ამ როლით სისტემაში მუშაობა შეუძლებელია',
    en: 'You cannot work in the system with this role',
  },
  'auth.disabled': { ka: 'მომხმარებელი გათიშულია', en: 'The user is disabled' },
  'auth.temporaryPassword': {
    ka: 'ადმინისტრატორის მიერ მინიჭებული პაროლი დროებითია: ჯერ შეცვალეთ ის საკუთარი პაროლით',
    en: 'The password an administrator set is temporary: first change it to one of your own',
  },
  'auth.passwordReset': {
    ka: 'პაროლი განულებულია. შეცვალეთ პაროლი',
    en: 'The password was reset. Set a new password',
  },
  'auth.throttled': {
    ka: 'ძალიან ბევრი წარუმატებელი მცდელობა. სცადეთ ხელახლა {until}-ზე',
    en: 'Too many failed attempts. Try again at {until}',
  },
  'auth.oldPassword': { ka: 'ოპერაციის შეცდომა, ძველი პაროლი', en: 'Error in operation, old password' },
  'auth.weakPassword': {
    ka: 'პაროლი უნდა შეიცავდეს მინიმუმ 6 სიმბოლოს: პატარა და დიდ ლათინურ ასოს, ციფრს და სპეციალურ სიმბოლოს',
    en: 'The password needs at least 6 characters with a lowercase and an uppercase letter, a digit and a special character',
  },
  'auth.samePassword': {
    ka: 'ახალი პაროლი უნდა განსხვავდებოდეს ძველისგან',
    en: 'The new password must differ from the old one',
  },
  'auth.badRecovery': {
    ka: 'პაროლის აღდგენის კოდი არასწორია ან ვადაგასულია',
    en: 'The recovery code is wrong or expired',
  },
  'auth.requestSaved': { ka: 'მოთხოვნა მიღებულია', en: 'The request was received' },
  'common.notFound': { ka: 'ჩანაწერი ვერ მოიძებნა', en: 'Record not found' },
  'common.inUse': {
    ka: 'ჩანაწერი გამოიყენება და მისი წაშლა შეუძლებელია',
    en: 'The record is in use and cannot be deleted',
  },
  'common.conflict': { ka: 'ჩანაწერი უკვე არსებობს', en: 'The record already exists' },
  'common.idempotencyMismatch': {
    ka: 'ეს ოპერაცია უკვე შესრულდა სხვა მონაცემებით',
    en: 'This operation was already done with other data',
  },
} satisfies Record<string, Message>;

/** Areas add their own catalogues here. */
export const messages: Record<string, Message> = {
  ...platformMessages,
  ...adminMessages,
  ...referenceMessages,
  ...registrationMessages,
  ...finderMessages,
  ...filesMessages,
  ...reportsMessages,
  ...parcelsMessages,
  ...scansMessages,
  ...scopeMessages,
  ...registriesMessages,
  ...bagsMessages,
  ...couriersMessages,
  ...archiveMessages,
  ...securityMessages,
  ...mobileMessages,
  ...waybillsMessages,
  ...fieldsMessages,
  ...trackingMessages,
  ...notificationsMessages,
  ...webhooksMessages,
  ...photosMessages,
  ...rulesMessages,
  ...podExportMessages,
  ...shipperMessages,
};

export type MessageKey = keyof typeof platformMessages | (string & {});

export function formatMessage(
  key: string,
  params: Record<string, unknown> = {},
  lang: 'ka' | 'en' = 'ka',
): string {
  const m = messages[key];
  const template = m ? m[lang] : key;
  return template.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = params[p];
    if (v === undefined) return `{${p}}`;
    // a parameter in both languages (a field's label) is read in the message's language
    if (v && typeof v === 'object' && 'ka' in v && 'en' in v) return String((v as Message)[lang]);
    return String(v);
  });
}
