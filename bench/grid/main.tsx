/**
 * DevExtreme's DataGrid over the grid lab's 10,000 made-up parcels and its 9 columns
 * (e2e/grid-lab/parcels.ts, the rows the product's DataGrid shows in e2e/grid-lab/main.tsx): 20 rows a
 * page with the page info, the filter row, sorting by a header click. The other side of the DataGrid
 * benchmark (bench/grid-browser.ts). No licence key: DevExtreme shows its evaluation banner above the grid.
 */
import 'devextreme/dist/css/dx.light.css';
import { createRoot } from 'react-dom/client';
import DataGrid, { Column, FilterRow, Lookup, Pager, Paging, Sorting } from 'devextreme-react/data-grid';
import type { Format } from 'devextreme/common/core/localization';
import {
  CITIES,
  LAB_COLUMNS,
  LAB_ROWS,
  RENDER_MARK,
  makeParcels,
  type LabColumnType,
} from '../../e2e/grid-lab/parcels.ts';

const rows = makeParcels(Number(new URLSearchParams(window.location.search).get('rows')) || LAB_ROWS);

/** The product's column types in DevExtreme's terms: its data type and display format. */
const DX_TYPES: Record<
  LabColumnType,
  { dataType: 'string' | 'number' | 'datetime' | 'boolean'; format?: Format }
> = {
  string: { dataType: 'string' },
  lookup: { dataType: 'number' },
  number: { dataType: 'number' },
  weight: { dataType: 'number', format: { type: 'fixedPoint', precision: 2 } },
  money: { dataType: 'number', format: { type: 'fixedPoint', precision: 2 } },
  datetime: { dataType: 'datetime', format: 'dd.MM.yyyy HH:mm' },
  boolean: { dataType: 'boolean' },
};

function Lab() {
  return (
    <DataGrid dataSource={rows} keyExpr="Id" showBorders>
      <Paging defaultPageSize={20} />
      <Pager visible showInfo showPageSizeSelector={false} />
      {/*
        The filter row with DevExtreme's defaults: applyFilter 'auto' filters as the user types, 700 ms
        after the last key (the `updateValueTimeout` its filter row gives the editor; not an option of
        the grid). The benchmark reads that figure from the installed package.
      */}
      <FilterRow visible applyFilter="auto" />
      <Sorting mode="single" />
      {LAB_COLUMNS.map((c) => (
        <Column key={c.field} dataField={c.field} caption={c.header} width={c.width} {...DX_TYPES[c.type]}>
          {c.type === 'lookup' ? <Lookup dataSource={CITIES} valueExpr="Id" displayExpr="Name" /> : null}
        </Column>
      ))}
    </DataGrid>
  );
}

// the DataGrid benchmark's first render starts here (bench/grid-browser.ts), as on the product's page
performance.mark(RENDER_MARK);
createRoot(document.getElementById('root')!).render(<Lab />);
