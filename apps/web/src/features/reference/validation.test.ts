import { describe, expect, it } from 'vitest';
import { Group } from '@po/contract';
import { referenceMessages, type ReferenceRow } from '@po/contract/reference';
import {
  fieldMessage,
  langOf,
  newListRow,
  newRegionRow,
  newStatusRow,
  newVillageRow,
  regionRowIssues,
  statusRowIssues,
  villageRowIssues,
  type RowDraft,
} from './validation';

const row = (
  ID: number,
  Name: string,
  Index: string | null = null,
  Zone: number | null = null,
): ReferenceRow => ({
  ID,
  Name,
  Index,
  RIndex: Index,
  Zone,
  Enabled: true,
  ParentID: null,
});
const regions = [row(320, 'თბილისი', '0100', 1), row(321, 'Batumi', '6000', 3)];
const tbilisi = regions[0];
const villages = [row(1000, 'წყნეთი', '0114', 1), row(1001, 'Kojori', '0109', 1)];
const ka = (key: keyof typeof referenceMessages) => referenceMessages[key].ka;

/** The Georgian message each field shows for a draft. */
function messages(issues: ReturnType<typeof regionRowIssues>) {
  return {
    Name: fieldMessage(issues, 'Name', 'ka'),
    PostCode: fieldMessage(issues, 'PostCode', 'ka'),
    Zone: fieldMessage(issues, 'Zone', 'ka'),
  };
}

describe('region rows', () => {
  const ok: RowDraft = { Name: 'სოხუმი', Index: '5600', Zone: 4 };
  it('accept a complete region', () => {
    expect(regionRowIssues(ok, regions)).toEqual([]);
  });

  it.each<[string, RowDraft, 'Name' | 'PostCode' | 'Zone', keyof typeof referenceMessages]>([
    ['no name', { Name: '' }, 'Name', 'reference.nameRequired'],
    ['a name of 3 characters', { Name: 'აბგ' }, 'Name', 'reference.nameMin4'],
    ['another region’s name in other case', { Name: 'BATUMI' }, 'Name', 'reference.regionExists'],
    ['no index', { Index: '' }, 'PostCode', 'reference.indexRequired'],
    ['an index with a letter', { Index: '56a0' }, 'PostCode', 'reference.indexDigits'],
    ['an index of 3 digits', { Index: '560' }, 'PostCode', 'reference.index4'],
    ['an index of 5 digits', { Index: '56000' }, 'PostCode', 'reference.index4'],
    ['an index not ending in 00', { Index: '5610' }, 'PostCode', 'reference.regionIndex00'],
    ['no zone', { Zone: null }, 'Zone', 'reference.zoneRequired'],
    ['a zone of two digits', { Zone: 12 }, 'Zone', 'reference.zoneDigit'],
  ])('refuse %s with the server’s message', (_what, over, field, key) => {
    const m = messages(regionRowIssues({ ...ok, ...over }, regions));
    expect(m[field]).toBe(ka(key));
    for (const other of ['Name', 'PostCode', 'Zone'] as const)
      if (other !== field) expect(m[other]).toBeNull();
  });

  it('let a region keep its own name', () => {
    expect(regionRowIssues({ ...tbilisi }, regions)).toEqual([]);
  });

  it('show each field’s message at once', () => {
    const m = messages(regionRowIssues({ Name: 'აბ', Index: '12', Zone: 'x' as unknown as number }, regions));
    expect(m).toEqual({
      Name: ka('reference.nameMin4'),
      PostCode: ka('reference.index4'),
      Zone: ka('reference.zoneDigit'),
    });
  });

  it('speak English when asked', () => {
    expect(fieldMessage(regionRowIssues({ ...ok, Index: '5610' }, regions), 'PostCode', 'en')).toBe(
      referenceMessages['reference.regionIndex00'].en,
    );
  });
});

describe('village rows', () => {
  const ok: RowDraft = { Name: 'ტაბახმელა', Index: '0117' };
  it('accept a village whose index starts like the region’s, with or without a zone', () => {
    expect(villageRowIssues(ok, tbilisi, villages)).toEqual([]);
    expect(villageRowIssues({ ...ok, Zone: 2 }, tbilisi, villages)).toEqual([]);
  });

  it.each<[string, RowDraft, 'Name' | 'PostCode' | 'Zone', keyof typeof referenceMessages]>([
    ['a name of 3 characters', { Name: 'აბგ' }, 'Name', 'reference.nameMin4'],
    ['a sibling’s name', { Name: 'წყნეთი' }, 'Name', 'reference.villageExists'],
    ['a sibling’s name in other case', { Name: 'KOJORI ' }, 'Name', 'reference.villageExists'],
    ['no index', { Index: '' }, 'PostCode', 'reference.indexRequired'],
    ['an index with a letter', { Index: '01a7' }, 'PostCode', 'reference.indexDigits'],
    ['an index of 3 digits', { Index: '011' }, 'PostCode', 'reference.index4'],
    ['an index of another region', { Index: '6010' }, 'PostCode', 'reference.villageIndex'],
    ['a zone of two digits', { Zone: 10 }, 'Zone', 'reference.zoneDigit'],
  ])('refuse %s', (_what, over, field, key) => {
    expect(messages(villageRowIssues({ ...ok, ...over }, tbilisi, villages))[field]).toBe(ka(key));
  });

  it('let a village keep its own name', () => {
    expect(villageRowIssues({ ...villages[1], Name: 'kojori' }, tbilisi, villages)).toEqual([]);
  });
});

describe('status and list rows', () => {
  it('need a name of 4 and a one-digit zone for statuses', () => {
    expect(statusRowIssues(Group.Status, { Name: 'ახალი', Zone: 0 })).toEqual([]);
    expect(messages(statusRowIssues(Group.Status, { Name: 'ახა', Zone: 0 })).Name).toBe(
      ka('reference.nameMin4'),
    );
    expect(messages(statusRowIssues(Group.Status, { Name: 'ახალი', Zone: null })).Zone).toBe(
      ka('reference.zoneRequired'),
    );
    expect(messages(statusRowIssues(Group.Status, { Name: 'ახალი', Zone: 11 })).Zone).toBe(
      ka('reference.zoneDigit'),
    );
  });

  it.each([Group.Client, Group.Payer, Group.Currency, Group.BagType])(
    'need a name of 4 for list %i',
    (group) => {
      expect(statusRowIssues(group, { Name: 'ლარი' })).toEqual([]);
      expect(messages(statusRowIssues(group, { Name: 'GEL' })).Name).toBe(ka('reference.nameMin4'));
      expect(messages(statusRowIssues(group, { Name: '' })).Name).toBe(ka('reference.nameRequired'));
    },
  );

  it('need a name of 1 for parcel types, and no zone for any list', () => {
    expect(statusRowIssues(Group.ParcelType, { Name: 'X' })).toEqual([]);
    expect(messages(statusRowIssues(Group.ParcelType, { Name: ' ' })).Name).toBe(
      ka('reference.nameRequired'),
    );
    expect(statusRowIssues(Group.Client, { Name: 'ახალი', Zone: 77 })).toEqual([]);
  });
});

describe('new-row defaults (spec 000 §5)', () => {
  it('start a region at index 0000 and zone 1, a village with its region’s index, a status at zone 0 enabled', () => {
    expect(newRegionRow()).toEqual({ Index: '0000', Zone: 1 });
    expect(newVillageRow(tbilisi)).toEqual({ Index: '0100', Zone: 1 });
    expect(newStatusRow()).toEqual({ Zone: 0, Enabled: true });
    expect(newListRow()).toEqual({ Enabled: true });
  });

  it('accept a new village with the copied region index once it has a name', () => {
    expect(villageRowIssues({ ...newVillageRow(tbilisi), Name: 'ახალი სოფელი' }, tbilisi, villages)).toEqual(
      [],
    );
  });

  it('read the language of i18next', () => {
    expect(langOf('en-US')).toBe('en');
    expect(langOf('ka')).toBe('ka');
  });
});
