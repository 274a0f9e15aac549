import { useQuery } from '@tanstack/react-query';
import { FGetOneDayStat, FGetUserStatByDate, type AttendanceRow } from '@po/contract/reports';
import { reportCall } from './report-call';
import { usDate } from './dates';

export interface EmployeeParams {
  userId: string;
  from: string;
  to: string;
  run: number;
}
/** FGetUserStatByDate: one employee, a row per day. */
export const useEmployeeVisits = (p: EmployeeParams | null) =>
  useQuery({
    queryKey: ['reports', 'employeevisit', p],
    queryFn: async ({ signal }): Promise<AttendanceRow[]> =>
      (
        await reportCall(
          FGetUserStatByDate,
          { UserID: p!.userId, StartDate: usDate(p!.from), EndDate: usDate(p!.to) },
          signal,
        )
      )?.Users ?? [],
    enabled: p !== null,
    staleTime: Infinity,
  });

export interface DayParams {
  date: string;
  run: number;
}
/** FGetOneDayStat: every employee on one day. */
export const useDayVisits = (p: DayParams | null) =>
  useQuery({
    queryKey: ['reports', 'visitofdey', p],
    queryFn: async ({ signal }): Promise<AttendanceRow[]> =>
      (await reportCall(FGetOneDayStat, { ControlDate: usDate(p!.date) }, signal))?.Users ?? [],
    enabled: p !== null,
    staleTime: Infinity,
  });
