import { allows, Guards, type Guard, type GuardUser } from '@po/contract/guard';
import { landingPath, type SessionState } from '@/lib/session';

/** Who may open a screen (the server refuses the calls too, with the same guards from the contract). */
export type Access = (s: SessionState) => boolean;

const userOf = (s: SessionState): GuardUser => ({
  roleId: s.Role,
  isCorporate: !!s.note.IsCorporate,
  isAnother: !!s.note.IsAnother,
  registrationDisable: !!s.note.RegistrationDisable,
});
/** A screen's access rule from a contract guard. */
export const by =
  (guard: Guard): Access =>
  (s) =>
    allows(guard, userOf(s));

export const access = {
  staff: by(Guards.staff),
  admin: by(Guards.admin),
  office: by(Guards.office),
  officeNotCorporate: by(Guards.officeNotCorporate),
  registration: by(Guards.registration),
  adminOrOffice: by(Guards.adminOrOffice),
  fines: by(Guards.fines),
  routeSheet: by(Guards.routeSheet),
  courier: by(Guards.courier),
  dispatch: by(Guards.dispatch),
  podExport: by(Guards.podExport),
} satisfies Record<string, Access>;

/** Where a user lands after login or when a screen is not theirs. */
export function landing(s: SessionState | null): string {
  return landingPath(s?.Role);
}
