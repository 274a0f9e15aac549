import { createContext, useContext } from 'react';
import type { GridModel } from './use-data-grid';

/**
 * The grid's state for its parts (toolbar, header and filter row, body, footer, pager, dialogs):
 * `DataGrid` makes it with `useDataGrid` and provides it; each part reads what it shows.
 */
export const GridContext = createContext<GridModel<object> | null>(null);

/** The grid the calling part belongs to (its rows of type `T`). */
export function useGridModel<T extends object>(): GridModel<T> {
  const grid = useContext(GridContext);
  if (!grid) throw new Error('A grid part is rendered outside its DataGrid');
  return grid as unknown as GridModel<T>;
}
