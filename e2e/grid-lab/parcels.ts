/**
 * The grid lab's made-up parcels and its columns, shared by the two pages that show them: the product's
 * DataGrid (`e2e/grid-lab/main.tsx`) and DevExtreme's (`bench/grid/main.tsx`, the DataGrid benchmark's
 * other side), so that both grids show exactly the same rows under the same columns. No imports: each
 * page turns LAB_COLUMNS into its own grid's column options.
 */

/** A made-up parcel: the lab's rows look like the finder's (texts, numbers, money, dates, lookups). */
export interface LabParcel {
  Id: number;
  Barcode: string;
  Sender: string;
  Receiver: string;
  CityId: number;
  Weight: number;
  Price: number;
  Registered: string;
  Paid: boolean;
}

export const CITIES = [
  { Id: 1, Name: 'თბილისი' },
  { Id: 2, Name: 'ბათუმი' },
  { Id: 3, Name: 'ქუთაისი' },
  { Id: 4, Name: 'ზუგდიდი' },
];
export const NAMES = [
  'გიორგი ბერიძე',
  'ნინო კაპანაძე',
  'ლევან წიკლაური',
  'მარიამ გელაშვილი',
  'დავით ჯაფარიძე',
];

/** The rows the lab shows unless `?rows=` says otherwise. */
export const LAB_ROWS = 10_000;

export function makeParcels(count: number): LabParcel[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    Id: i + 1,
    Barcode: `PO${String(100000000 + i * 7919).padStart(10, '0')}GE`,
    Sender: NAMES[i % NAMES.length],
    Receiver: NAMES[(i * 3 + 1) % NAMES.length],
    CityId: CITIES[i % CITIES.length].Id,
    Weight: ((i * 37) % 500) / 10,
    Price: ((i * 53) % 9000) / 100,
    Registered: new Date(start + i * 3_600_000).toISOString(),
    Paid: i % 3 !== 0,
  }));
}

/** What a column shows: the product's column types (`lookup`: the city's name from CITIES by CityId). */
export type LabColumnType = 'string' | 'number' | 'weight' | 'money' | 'datetime' | 'boolean' | 'lookup';

export interface LabColumn {
  field: keyof LabParcel;
  header: string;
  type: LabColumnType;
  /** initial width in pixels; none: the grid's own */
  width?: number;
}

export const LAB_COLUMNS: LabColumn[] = [
  { field: 'Id', header: 'ნომერი', type: 'number', width: 80 },
  { field: 'Barcode', header: 'შტრიხკოდი', type: 'string', width: 120 },
  { field: 'Sender', header: 'გამგზავნი', type: 'string', width: 160 },
  { field: 'Receiver', header: 'მიმღები', type: 'string', width: 160 },
  { field: 'CityId', header: 'ქალაქი', type: 'lookup' },
  { field: 'Weight', header: 'წონა', type: 'weight', width: 80 },
  { field: 'Price', header: 'ფასი', type: 'money', width: 90 },
  { field: 'Registered', header: 'რეგისტრაციის თარიღი', type: 'datetime', width: 90 },
  { field: 'Paid', header: 'გადახდილი', type: 'boolean', width: 70 },
];

/** Set by both pages just before React's first render: where the benchmark's first render starts. */
export const RENDER_MARK = 'grid-render';
