import '@mantine/core/styles.css';
import '@/app/fonts.css';
import '@/app/global.css';
import '@/i18n';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Box } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumn } from '@/components/data-grid/types';

/** A made-up parcel: the lab's rows look like the finder's (texts, numbers, money, dates, lookups). */
interface LabParcel {
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

const CITIES = [
  { Id: 1, Name: 'თბილისი' },
  { Id: 2, Name: 'ბათუმი' },
  { Id: 3, Name: 'ქუთაისი' },
  { Id: 4, Name: 'ზუგდიდი' },
];
const NAMES = ['გიორგი ბერიძე', 'ნინო კაპანაძე', 'ლევან წიკლაური', 'მარიამ გელაშვილი', 'დავით ჯაფარიძე'];

function makeParcels(count: number): LabParcel[] {
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

const columns: GridColumn<LabParcel>[] = [
  { field: 'Id', header: 'ნომერი', type: 'number', width: 80 },
  { field: 'Barcode', header: 'შტრიხკოდი', width: 120 },
  { field: 'Sender', header: 'გამგზავნი', width: 160 },
  { field: 'Receiver', header: 'მიმღები', width: 160 },
  { field: 'CityId', header: 'ქალაქი', lookup: { data: CITIES, valueField: 'Id', displayField: 'Name' } },
  { field: 'Weight', header: 'წონა', type: 'weight', width: 80 },
  { field: 'Price', header: 'ფასი', type: 'money', width: 90 },
  { field: 'Registered', header: 'რეგისტრაციის თარიღი', type: 'datetime', width: 90 },
  { field: 'Paid', header: 'გადახდილი', type: 'boolean', width: 70 },
];

const params = new URLSearchParams(window.location.search);
const rows = makeParcels(Number(params.get('rows')) || 10_000);
const virtual = params.get('mode') === 'virtual';

function Lab() {
  return (
    <Box p="md">
      <DataGrid<LabParcel>
        columns={columns}
        data={rows}
        rowKey="Id"
        label="ამანათები"
        virtual={virtual}
        height={virtual ? 600 : undefined}
        defaultPageSize={20}
      />
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <AppProviders>
      <Suspense fallback={null}>
        <Lab />
      </Suspense>
    </AppProviders>
  </QueryClientProvider>,
);
