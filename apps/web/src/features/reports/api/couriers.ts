import { useQuery } from '@tanstack/react-query';
import { CourierPositions, CourierTasks } from '@po/contract/reports';
import { callApi } from '@/api/client';

/** The couriers' last positions and today's tracks (refreshed every minute). */
export const useCourierPositions = () =>
  useQuery({
    queryKey: ['reports', 'courier-positions'],
    queryFn: async ({ signal }) => (await callApi(CourierPositions, {}, { signal })).Couriers,
    refetchInterval: 60_000,
  });

/** Each courier's open work. */
export const useCourierTasks = () =>
  useQuery({
    queryKey: ['reports', 'courier-tasks'],
    queryFn: async ({ signal }) => (await callApi(CourierTasks, {}, { signal })).Couriers,
  });
