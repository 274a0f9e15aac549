import { useQuery } from '@tanstack/react-query';
import {
  CalcCompanyParcelSumm,
  CalcCompanySumm,
  type CompanyRow,
  type FinanceDay,
} from '@po/contract/reports';
import { reportCall } from './report-call';
import { isoDay, usDate } from './dates';

export interface FinanceResult {
  companies: CompanyRow[];
  days: FinanceDay[];
}
const empty: FinanceResult = { companies: [], days: [] };

/** Report 1 (000 §2.4): by parcel registration date; dates go as US short dates (000 §7). */
export interface ParcelFinanceParams {
  from: string;
  to: string;
  /** a new value on each fetch-button press, so the same dates fetch again */
  run: number;
}
export async function getParcelFinance(p: ParcelFinanceParams, signal?: AbortSignal): Promise<FinanceResult> {
  const data = await reportCall(
    CalcCompanyParcelSumm,
    { Startdate: usDate(p.from), Enddate: usDate(p.to) },
    signal,
  );
  return data ? { companies: data.Companies, days: data.Days } : empty;
}
export const useParcelFinance = (p: ParcelFinanceParams | null) =>
  useQuery({
    queryKey: ['reports', 'financeparcel', p],
    queryFn: ({ signal }) => getParcelFinance(p!, signal),
    enabled: p !== null,
    staleTime: Infinity,
  });

/** Report 4 and /finance-anlysis: by company registration date; dates go as ISO text (000 §7). */
export interface CompanyFinanceParams extends ParcelFinanceParams {
  /** the manager's GUID, or '' for all */
  user: string;
  note: string;
}
export async function getCompanyFinance(
  p: CompanyFinanceParams,
  signal?: AbortSignal,
): Promise<FinanceResult> {
  const data = await reportCall(
    CalcCompanySumm,
    { Startdate: isoDay(p.from), Enddate: isoDay(p.to), User: p.user, Note: p.note },
    signal,
  );
  return data ? { companies: data.Companies, days: data.Days } : empty;
}
export const useCompanyFinance = (p: CompanyFinanceParams | null) =>
  useQuery({
    queryKey: ['reports', 'finance', p],
    queryFn: ({ signal }) => getCompanyFinance(p!, signal),
    enabled: p !== null,
    staleTime: Infinity,
  });
