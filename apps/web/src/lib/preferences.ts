/** Column and field choices of the profile page, kept on this device (spec 000 §2.7). */
export const FINDER_COLUMNS_KEY = 'po.finder.columns';
export const REGISTRY_FIELDS_KEY = 'po.registry.fields';

/** Parcel-finder columns the user can show or hide (field names of the finder grid). */
export const FINDER_COLUMNS = [
  'CreateDate',
  'Barcode',
  'LastStatus',
  'DeliveryStatus',
  'Pid',
  'RegisteredBy',
  'Sender',
  'Receiver',
  'Fild1',
  'Fild2',
  'FirstVisit',
  'VisitDate',
  'Lateness',
  'StatusDate',
  'Weight',
  'Value',
  'PayType',
  'Payer',
  'Direction',
  'TypeName',
  'SendType',
] as const;
export type FinderColumn = (typeof FINDER_COLUMNS)[number];

/** Registry operation fields the user can switch on or off. */
export const REGISTRY_FIELDS = ['SenderData'] as const;
export type RegistryField = (typeof REGISTRY_FIELDS)[number];

function read<T extends string>(key: string, all: readonly T[]): T[] {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (raw == null) return [...all];
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [...all];
    return all.filter((c) => v.includes(c));
  } catch {
    return [...all];
  }
}

function write(key: string, values: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(values));
  } catch {
    /* storage unavailable */
  }
}

/** The visible parcel-finder columns (all of them until the user chooses). */
export const getFinderColumns = (): FinderColumn[] => read(FINDER_COLUMNS_KEY, FINDER_COLUMNS);
export const setFinderColumns = (cols: readonly FinderColumn[]): void => write(FINDER_COLUMNS_KEY, cols);
/** The registry operation fields switched on (all of them until the user chooses). */
export const getRegistryFields = (): RegistryField[] => read(REGISTRY_FIELDS_KEY, REGISTRY_FIELDS);
export const setRegistryFields = (fields: readonly RegistryField[]): void =>
  write(REGISTRY_FIELDS_KEY, fields);
