import type { GridColumn } from './types';

export interface Parcel {
  Id: number;
  Barcode: string;
  Sender: string;
  City: number;
  Weight: number;
  Price: number;
  Created: string;
  Paid: boolean;
}

export const cities = [
  { Id: 1, Name: 'თბილისი' },
  { Id: 2, Name: 'ქუთაისი' },
  { Id: 3, Name: 'ბათუმი' },
];

const senders = ['გიორგი ბერიძე', 'ნინო კაპანაძე', 'Levan Tsiklauri', 'მარიამ ჯავახიშვილი'];

/** Deterministic parcels: `n` rows, cities and senders in rotation, weights 0.5 apart. */
export function makeParcels(n: number): Parcel[] {
  return Array.from({ length: n }, (_, i) => ({
    Id: i + 1,
    Barcode: `PO${String(100000 + i)}`,
    Sender: senders[i % senders.length],
    City: cities[i % cities.length].Id,
    Weight: 0.5 * ((i % 10) + 1),
    Price: 10 + (i % 7) * 2.5,
    Created: `2024-03-${String((i % 28) + 1).padStart(2, '0')}T${String(8 + (i % 10)).padStart(2, '0')}:30:00`,
    Paid: i % 2 === 0,
  }));
}

export const parcelColumns: GridColumn<Parcel>[] = [
  { field: 'Id', header: 'ID', type: 'number', readOnly: true, width: 70 },
  { field: 'Barcode', header: 'შტრიხკოდი' },
  { field: 'Sender', header: 'გამგზავნი' },
  { field: 'City', header: 'ქალაქი', lookup: { data: cities, valueField: 'Id', displayField: 'Name' } },
  { field: 'Weight', header: 'წონა', type: 'weight', summary: 'sum' },
  { field: 'Price', header: 'ფასი', type: 'money', summary: 'sum' },
  { field: 'Created', header: 'თარიღი', type: 'datetime' },
  { field: 'Paid', header: 'გადახდილი', type: 'boolean' },
];
