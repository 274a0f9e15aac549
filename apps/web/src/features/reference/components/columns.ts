import type { RefField, RefIssue, ReferenceRow } from '@po/contract/reference';
import type { GridColumn } from '@/components/data-grid/types';
import { fieldMessage, type Lang, type RowDraft } from '../validation';

type T = (key: string) => string;
type Issues = (draft: RowDraft) => RefIssue[];

const check = (issues: Issues, field: RefField, lang: Lang) => (_value: unknown, draft: RowDraft) =>
  fieldMessage(issues(draft), field, lang);

/**
 * The columns the reference grids share; `issues` runs the contract's rules on the draft. The widths
 * fit the regions and villages grids (each half of a 1366 px screen beside the menu) without scrolling
 * sideways, so the editor's save and cancel buttons both show; wider screens stretch the columns.
 */
export const referenceColumns = (t: T, lang: Lang, issues: Issues) => ({
  id: {
    field: 'ID',
    header: t('columns.id'),
    type: 'number',
    readOnly: true,
    width: 72,
  } as GridColumn<ReferenceRow>,
  name: {
    field: 'Name',
    header: t('columns.name'),
    width: 132,
    validate: check(issues, 'Name', lang),
  } as GridColumn<ReferenceRow>,
  index: {
    field: 'Index',
    header: t('columns.index'),
    width: 118,
    validate: check(issues, 'PostCode', lang),
  } as GridColumn<ReferenceRow>,
  zone: {
    field: 'Zone',
    header: t('columns.zone'),
    type: 'number',
    width: 98,
    validate: check(issues, 'Zone', lang),
  } as GridColumn<ReferenceRow>,
  enabled: {
    field: 'Enabled',
    header: t('columns.enabled'),
    type: 'boolean',
    width: 110,
  } as GridColumn<ReferenceRow>,
});

/** A zone as the calls send it: the editor's number, or null when empty. */
export const numberOrNull = (v: unknown): number | string | null =>
  v === null || v === undefined || v === '' ? null : (v as number | string);
