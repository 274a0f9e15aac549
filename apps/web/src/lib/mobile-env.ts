import { TIME_ZONE } from '@po/contract/constants';

/** The device's time zone, e.g. `Asia/Tbilisi`. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** Mobile screens need the device clock in Asia/Tbilisi (spec 003 "Environment checks"). */
export function timeZoneOk(zone: string = deviceTimeZone()): boolean {
  return zone.includes(TIME_ZONE);
}
