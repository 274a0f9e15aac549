import { encodeNote } from '@po/contract/note';

/** What the login call (PostGetUser) answers for a user of `role` at office-1, the note encoded as the server does. */
export function loginData(role: number) {
  return {
    Name: 'ოთარ ოპერატორი',
    Ticket: 'ticket-1',
    Note: encodeNote({
      RegistrationDisable: false,
      IsAnother: false,
      IsCorporate: false,
      OfficeGUID: 'office-1',
      RoleId: role,
      DistributionCenter: '',
      Pid: '',
      OfficeName: 'ცენტრალური',
    }),
    Role: role,
    UserId: 'user-1',
    PasswordExp: false,
    Mobile: '',
    CarNumber: '',
    DriverId: '',
    AvatarUrl: null,
    RecoveryCode: null,
    PasswordTemporary: false,
  };
}
