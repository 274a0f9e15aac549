import { OFFICE_ROLES, Role, WORKING_ROLES } from '@po/contract/constants';
import { landingPath, type SessionState } from '@/lib/session';

/** Who may open a screen (the server refuses the calls too). */
export type Access = (s: SessionState) => boolean;

const office = (s: SessionState) => OFFICE_ROLES.includes(s.Role);
const notCorporate = (s: SessionState) => !s.note.IsCorporate;

export const access = {
  /** every staff member (not the courier, who works in the mobile mode only) */
  staff: (s) => WORKING_ROLES.includes(s.Role) && s.Role !== Role.Courier,
  /** administration: role 100 and not corporate */
  admin: (s) => s.Role === Role.Admin && notCorporate(s),
  /** parcel operations at an office: roles 104, 105, 107 */
  office,
  /** parcel operations refused to corporate users (receiving, outgoing, bags, comment) */
  officeNotCorporate: (s) => office(s) && notCorporate(s),
  /** registration: hidden when RegistrationDisable is set */
  registration: (s) => office(s) && !s.note.RegistrationDisable,
  /** role 100 and the office roles (registry print, archives, finder) */
  adminOrOffice: (s) => s.Role === Role.Admin || office(s),
  /** fines: IsAnother users or role 100; refused to corporate users */
  fines: (s) => (s.Role === Role.Admin || (office(s) && s.note.IsAnother)) && notCorporate(s),
  /** route sheet: hidden for role 100 and IsAnother users */
  routeSheet: (s) => office(s) && !s.note.IsAnother,
  /** the courier's mobile mode: role 106 */
  courier: (s) => s.Role === Role.Courier,
} satisfies Record<string, Access>;

/** Where a user lands after login or when a screen is not theirs. */
export function landing(s: SessionState | null): string {
  return landingPath(s?.Role);
}
