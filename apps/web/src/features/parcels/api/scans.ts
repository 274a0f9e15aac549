import { queryOptions, useQuery } from '@tanstack/react-query';
import { PostGetOffices } from '@po/contract/admin';
import { PostGetRegion } from '@po/contract/reference';
import { Group } from '@po/contract/constants';
import {
  GetMyParcels,
  GetSubOrgParcels,
  NOT_SCANNABLE,
  PosParcelPayed,
  PostUpCommentByBarcode,
  PostUpStatbyBarcode,
  PostUpStatbyPayedBarcode,
  ReceivingParcels,
  SendingParcels,
  type ParcelListRow,
} from '@po/contract/parcels/scans';
import { callApi } from '@/api/client';
import { notifyConnecting } from '@/lib/notify';

/* ------------------------------------------------------------------ scans (one call per scan) */

/** PostUpStatbyBarcode: the parcel into a status (8736 receive, 8734 confirm, or the chosen one). */
export const scanStatus = (Status: number, Barcode: string) =>
  callApi(PostUpStatbyBarcode, { Status, Barcode }).then((d) => d.Parcels);
/** PostUpStatbyPayedBarcode: a fine received. */
export const scanFine = (Status: number, Barcode: string) =>
  callApi(PostUpStatbyPayedBarcode, { Status, Barcode }).then((d) => d.Parcels);
/** PosParcelPayed: a fine marked paid. */
export const markPaid = (Barcode: string) => callApi(PosParcelPayed, { Barcode }).then((d) => d.Parcels);
/** PostUpCommentByBarcode: the comment changed; an empty list means the barcode is unknown. */
export const changeComment = (Comment: string, Barcode: string) =>
  callApi(PostUpCommentByBarcode, { Comment, Barcode }).then((d) => d.Parcels);

/* ------------------------------------------------------------------ the office lists */

export type ParcelList = 'mine' | 'suborg' | 'incoming' | 'outgoing';
export const listKeys = {
  all: ['parcels', 'lists'] as const,
  list: (kind: ParcelList, office?: string | null) => ['parcels', 'lists', kind, office ?? null] as const,
};

async function fetchList(
  kind: ParcelList,
  office: string | null,
  signal?: AbortSignal,
): Promise<ParcelListRow[]> {
  notifyConnecting();
  switch (kind) {
    case 'mine':
      return (await callApi(GetMyParcels, {}, { signal })).Parcels;
    case 'suborg':
      return office ? (await callApi(GetSubOrgParcels, { Office: office }, { signal })).Parcels : [];
    case 'incoming':
      return (await callApi(ReceivingParcels, {}, { signal })).Parcels;
    case 'outgoing':
      return (await callApi(SendingParcels, {}, { signal })).Parcels;
  }
}
export const listQuery = (kind: ParcelList, office: string | null = null) =>
  queryOptions({
    queryKey: listKeys.list(kind, office),
    queryFn: ({ signal }) => fetchList(kind, office, signal),
    staleTime: 0,
  });
/** GetMyParcels, GetSubOrgParcels (for the chosen office), ReceivingParcels or SendingParcels. */
export function useParcelList(kind: ParcelList, office: string | null = null) {
  return useQuery({ ...listQuery(kind, office), enabled: kind !== 'suborg' || !!office });
}

/* ------------------------------------------------------------------ lookups */

export interface StatusItem {
  ID: number;
  Name: string;
}
/** The statuses a scan may set (PostGetRegion 99: the enabled statuses, without those with a flow of their own). */
export function useScanStatuses() {
  return useQuery({
    queryKey: ['parcels', 'scanStatuses'],
    queryFn: async ({ signal }): Promise<StatusItem[]> => {
      const d = await callApi(PostGetRegion, { Rid: Group.StatusList }, { signal });
      return d.Regions.filter((r) => !NOT_SCANNABLE.includes(r.ID)).map((r) => ({ ID: r.ID, Name: r.Name }));
    },
    staleTime: 5 * 60_000,
  });
}

export interface OfficeItem {
  GUID: string;
  Name: string;
}
/** The offices for the sub-organisation lookup (PostGetOffices, Rid 0). */
export function useOfficeItems() {
  return useQuery({
    queryKey: ['parcels', 'offices'],
    queryFn: async ({ signal }): Promise<OfficeItem[]> => {
      const d = await callApi(PostGetOffices, { Rid: 0 }, { signal });
      return d.Offices.map((o) => ({ GUID: o.GUID, Name: o.Name }));
    },
    staleTime: 5 * 60_000,
  });
}
