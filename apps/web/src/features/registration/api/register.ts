import type { CallInput } from '@po/contract';
import type { Registration as RegistrationDef, RegisteredParcel } from '@po/contract/registration';
import { CheckDriver } from '@po/contract/generated/call-refs/admin';
import { CalcPrice, Registration } from '@po/contract/generated/call-refs/registration';
import { callApi } from '@/api/client';

export type RegistrationBody = CallInput<typeof RegistrationDef>;

/** CalcPrice: the price in GEL. */
export const calcPrice = (body: RegistrationBody) => callApi(CalcPrice, body);

/** Registration: the registered parcel, or null when the answer holds none ("could not be verified"). */
export async function register(
  body: RegistrationBody,
  idempotencyKey?: string,
): Promise<RegisteredParcel | null> {
  const data = await callApi(Registration, body, { idempotencyKey });
  return data?.Parcels?.[0] ?? null;
}

/** The registered name of a personal code ('' when not found; the service may answer 'null'). */
export async function checkPid(pid: string): Promise<string> {
  const name = await callApi(CheckDriver, { DriverId: pid });
  return !name || name === 'null' ? '' : name;
}
