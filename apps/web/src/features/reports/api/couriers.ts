import { useQuery } from '@tanstack/react-query';
import { CourierPositions, CourierTasks, MapTiles } from '@po/contract/reports';
import { callApi } from '@/api/client';

/** The couriers' last positions and today's tracks (refreshed every minute). */
export const useCourierPositions = () =>
  useQuery({
    queryKey: ['reports', 'courier-positions'],
    queryFn: async ({ signal }) => (await callApi(CourierPositions, {}, { signal })).Couriers,
    refetchInterval: 60_000,
  });

/** Where the map's tiles come from and whether the server reached them lately (asked once per visit). */
export const useMapTiles = () =>
  useQuery({
    queryKey: ['reports', 'map-tiles'],
    queryFn: ({ signal }) => callApi(MapTiles, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** Each courier's open work. */
export const useCourierTasks = () =>
  useQuery({
    queryKey: ['reports', 'courier-tasks'],
    queryFn: async ({ signal }) => (await callApi(CourierTasks, {}, { signal })).Couriers,
  });
