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
import { CITIES, LAB_COLUMNS, LAB_ROWS, RENDER_MARK, makeParcels, type LabParcel } from './parcels.ts';

const columns: GridColumn<LabParcel>[] = LAB_COLUMNS.map((c) => ({
  field: c.field,
  header: c.header,
  type: c.type,
  width: c.width,
  lookup: c.type === 'lookup' ? { data: CITIES, valueField: 'Id', displayField: 'Name' } : undefined,
}));

const params = new URLSearchParams(window.location.search);
const rows = makeParcels(Number(params.get('rows')) || LAB_ROWS);
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

// the DataGrid benchmark's first render starts here (bench/grid-browser.ts), as on DevExtreme's page
performance.mark(RENDER_MARK);
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <AppProviders>
      <Suspense fallback={null}>
        <Lab />
      </Suspense>
    </AppProviders>
  </QueryClientProvider>,
);
