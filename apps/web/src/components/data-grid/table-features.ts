import {
  aggregationFn_count,
  aggregationFn_sum,
  columnFilteringFeature,
  columnGroupingFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createExpandedRowModel,
  createFilteredRowModel,
  createGroupedRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowAggregationFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnDef,
  type FilterFn,
  type Row,
  type SortFn,
  type Table,
} from '@tanstack/react-table';

/**
 * Every capability the grid uses, registered once (TanStack Table 9 has nothing built in: a
 * missing feature is a runtime error such as `cell.getIsAggregated is not a function`).
 * Module scope keeps the object stable between renders.
 */
export const gridFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  columnGroupingFeature,
  rowAggregationFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  filteredRowModel: createFilteredRowModel(),
  groupedRowModel: createGroupedRowModel(),
  sortedRowModel: createSortedRowModel(),
  expandedRowModel: createExpandedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  aggregationFns: { sum: aggregationFn_sum, count: aggregationFn_count },
});

export type GridFeatures = typeof gridFeatures;
export type GridRow<T extends object> = Row<GridFeatures, T>;
export type GridTableColumn<T extends object> = Column<GridFeatures, T, unknown>;
export type GridColumnDef<T extends object> = ColumnDef<GridFeatures, T, unknown>;
export type GridFilterFn<T extends object> = FilterFn<GridFeatures, T>;
export type GridSortFn<T extends object> = SortFn<GridFeatures, T>;
export type GridTable<T extends object> = Table<GridFeatures, T>;
