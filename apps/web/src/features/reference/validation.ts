import { formatMessage } from '@po/contract';
import {
  regionIssues,
  statusOrItemIssues,
  villageIssues,
  type RefField,
  type RefIssue,
  type ReferenceRow,
} from '@po/contract/reference';

/**
 * Client-side checks of the reference grids: the very rules the server applies (shared from the contract),
 * read from a grid draft (`Index` is the PostCode the calls send) and turned into the server's sentences.
 */
export type Lang = 'ka' | 'en';
export type RowDraft = Partial<ReferenceRow>;

const siblingsOf = (rows: readonly ReferenceRow[]) => rows.map((r) => ({ ID: r.ID, Name: r.Name }));
const values = (d: RowDraft) => ({ Name: d.Name, PostCode: d.Index, Zone: d.Zone });

/** Problems of a region row, checked against the other regions. */
export function regionRowIssues(draft: RowDraft, regions: readonly ReferenceRow[]): RefIssue[] {
  return regionIssues(values(draft), { siblings: siblingsOf(regions), selfId: draft.ID });
}

/** Problems of a village row, checked against its region and the region's other villages. */
export function villageRowIssues(
  draft: RowDraft,
  region: Pick<ReferenceRow, 'Index'> | null,
  villages: readonly ReferenceRow[],
): RefIssue[] {
  return villageIssues(values(draft), region?.Index ?? '', {
    siblings: siblingsOf(villages),
    selfId: draft.ID,
  });
}

/** Problems of a status (group 10) or list item (24-28) row. */
export function statusRowIssues(group: number, draft: RowDraft): RefIssue[] {
  return statusOrItemIssues(group, { Name: draft.Name, Zone: draft.Zone });
}

/** The message for one field (in the server's words), or null when the field is fine. */
export function fieldMessage(issues: readonly RefIssue[], field: RefField, lang: Lang): string | null {
  const issue = issues.find((i) => i.field === field);
  return issue ? formatMessage(issue.key, {}, lang) : null;
}

/** The grid's language from i18next's (anything but English is Georgian). */
export const langOf = (language: string): Lang => (language.startsWith('en') ? 'en' : 'ka');

/** New-row defaults (spec 000 §5). */
export const newRegionRow = (): RowDraft => ({ Index: '0000', Zone: 1 });
export const newVillageRow = (region: Pick<ReferenceRow, 'Index' | 'Zone'> | null): RowDraft => ({
  Index: region?.Index ?? '',
  Zone: region?.Zone ?? null,
});
export const newStatusRow = (): RowDraft => ({ Zone: 0, Enabled: true });
export const newListRow = (): RowDraft => ({ Enabled: true });
