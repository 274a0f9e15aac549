import { useQuery } from '@tanstack/react-query';
import {
  GetAllCouriers,
  GetCourierActivity,
  GetParcelforRanshit,
  GetParcelsView,
} from '@po/contract/couriers';
import { callApi } from '@/api/client';

/** GetCourierActivity: the couriers' events of a day (US date). */
export const getActivity = (StartDate: string) =>
  callApi(GetCourierActivity, { StartDate }).then((d) => d.Parcels);
/** GetParcelsView: the parcels a courier holds. */
export const getCourierParcels = (CourierGUID: string) =>
  callApi(GetParcelsView, { CourierGUID }).then((d) => d.Parcels);
/** GetParcelforRanshit: one parcel's manifest line. */
export const getRanshitLine = (ParcelGUID: string) =>
  callApi(GetParcelforRanshit, { ParcelGUID }).then((d) => d.Parcels[0] ?? null);

/** The courier lookup (display Login). */
export function useCouriers() {
  return useQuery({
    queryKey: ['couriers', 'all'],
    queryFn: ({ signal }) => callApi(GetAllCouriers, {}, { signal }).then((d) => d.AllUsers),
    staleTime: 5 * 60_000,
  });
}
