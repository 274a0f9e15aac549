import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PostGetOffices, PostInsertOffice, PostUpdateOffice, type OfficeRow } from '@po/contract/admin';
import { callApi } from '@/api/client';
import { retOrThrow } from '@/api/ret';
import { notifyConnecting } from '@/lib/notify';

export const officeKeys = { all: ['admin', 'offices'] as const };

/** PostGetOffices (Rid 0): every office. */
export async function getOffices(signal?: AbortSignal): Promise<OfficeRow[]> {
  const data = await callApi(PostGetOffices, { Rid: 0 }, { signal });
  return data.Offices;
}
export const officesQuery = () =>
  queryOptions({ queryKey: officeKeys.all, queryFn: ({ signal }) => getOffices(signal) });
/** The offices; `announce` shows 'connecting to server' first (the screen's own list). */
export function useOffices(announce = false) {
  return useQuery({
    ...officesQuery(),
    queryFn: ({ signal }) => {
      if (announce) notifyConnecting();
      return getOffices(signal);
    },
  });
}

/** The office as the insert and update calls take it. */
export function officeInput(row: Partial<OfficeRow>) {
  const isCenter = Boolean(row.IsDistrCenter);
  return {
    Name: (row.Name ?? '').trim(),
    CityID: row.CityID ?? '',
    IsCorporate: Boolean(row.IsCorporate),
    // a distribution centre has no distribution office
    DistrGuid: isCenter ? '' : (row.DistributionCenter ?? ''),
    DestGuig: row.DefaultDestinationDepotGUID ?? '',
    Sender: (row.Sender ?? '').trim(),
    Pid: (row.PID ?? '').trim(),
    IsDistrCenter: isCenter,
  };
}

export async function saveOffice(guid: string | null, row: Partial<OfficeRow>): Promise<number> {
  const input = officeInput(row);
  const res = guid
    ? await callApi(PostUpdateOffice, { ...input, Guid: guid })
    : await callApi(PostInsertOffice, input);
  return retOrThrow(res.Ret);
}

/** Adds (guid null) or updates an office, then reloads the list. */
export function useSaveOffice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { guid: string | null; row: Partial<OfficeRow> }) => saveOffice(a.guid, a.row),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
