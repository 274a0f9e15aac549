import { OFFICE_ROLES, Role, WORKING_ROLES } from './constants.ts';

/** What a guard looks at: the signed-in user's role and flags (the server's session, the web's note). */
export interface GuardUser {
  roleId: number;
  isCorporate: boolean;
  isAnother: boolean;
  registrationDisable: boolean;
}

/**
 * Who may make a call (or open a screen): declared once, in the contract, beside the call. The server
 * refuses with 403 before it reads the input; the web app hides the screen with the same rule.
 */
export interface Guard {
  /** roles allowed */
  roles: readonly number[];
  /** may users of a corporate client's office? (default: yes) */
  corporate?: boolean;
  /** may IsAnother users? (default: yes) */
  another?: boolean;
  /** an extra rule on the user */
  check?: (user: GuardUser) => boolean;
  /** the message key of the 403 when `check` refuses (default: the generic "not allowed") */
  checkMessage?: string;
}

/** Why a guard refuses a user, or null when it allows them. */
export function refusal(guard: Guard, user: GuardUser): 'role' | 'corporate' | 'another' | 'check' | null {
  if (!guard.roles.includes(user.roleId)) return 'role';
  if (guard.corporate === false && user.isCorporate) return 'corporate';
  if (guard.another === false && user.isAnother) return 'another';
  if (guard.check && !guard.check(user)) return 'check';
  return null;
}
export const allows = (guard: Guard, user: GuardUser): boolean => refusal(guard, user) === null;

const admin = Role.Admin;
/** The guards the specification's screens and calls share (DOMAIN.md "Decisions already in the code"). */
export const Guards = {
  /** every working role, the courier too (the session's own calls, the reference lists) */
  working: { roles: WORKING_ROLES },
  /** every staff member but the courier, who works in the mobile mode only */
  staff: { roles: WORKING_ROLES.filter((r) => r !== Role.Courier) },
  /** administration: role 100, not corporate */
  admin: { roles: [admin], corporate: false },
  /** parcel work at an office: roles 104, 105, 107 */
  office: { roles: OFFICE_ROLES },
  /** office work refused to corporate users (receiving, outgoing, bags, comment) */
  officeNotCorporate: { roles: OFFICE_ROLES, corporate: false },
  /** registration: office roles whose RegistrationDisable is not set */
  registration: {
    roles: OFFICE_ROLES,
    check: (u) => !u.registrationDisable,
    checkMessage: 'registration.disabled',
  },
  /** role 100 and the office roles (registry print, archives, finders) */
  adminOrOffice: { roles: [admin, ...OFFICE_ROLES] },
  /** fines: role 100 or IsAnother office users; not corporate */
  fines: {
    roles: [admin, ...OFFICE_ROLES],
    corporate: false,
    check: (u) => u.roleId === admin || u.isAnother,
  },
  /** route sheet: office roles, not IsAnother */
  routeSheet: { roles: OFFICE_ROLES, another: false },
  /** the courier's mobile mode: role 106 */
  courier: { roles: [Role.Courier] },
  /** the couriers' map and open work: role 100 and the office roles 104, 105; not corporate */
  dispatch: { roles: [admin, Role.BagMaker, Role.Operator], corporate: false },
  /** the bulk proof of delivery (issue 40): an administrator, or a user of a corporate client's office */
  podExport: {
    roles: [admin, ...OFFICE_ROLES],
    check: (u) => u.isCorporate || u.roleId === admin,
    checkMessage: 'proof.exportNotAllowed',
  },
} satisfies Record<string, Guard>;
