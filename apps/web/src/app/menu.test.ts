import { describe, expect, it } from 'vitest';
import type { SessionNote } from '@po/contract/note';
import { menuFor, menuPaths } from '@/app/menu';
import { findScreen, screens } from '@/app/routes';
import type { SessionState } from '@/lib/session';

function user(role: number, flags: Partial<SessionNote> = {}): SessionState {
  const note: SessionNote = {
    RegistrationDisable: false,
    IsAnother: false,
    IsCorporate: false,
    OfficeGUID: 'o',
    RoleId: role,
    DistributionCenter: '',
    Pid: '',
    OfficeName: '',
    ...flags,
  };
  return {
    Id: 'u',
    Ticket: 't',
    Name: 'n',
    Role: role,
    Note: '',
    note,
    PasswordExp: false,
    Mobile: '',
    CarNumber: '',
    DriverId: '',
    AvatarUrl: null,
    Login: 'l',
  };
}

const ADMIN_ONLY = [
  '/regions',
  '/status',
  '/clientstypes',
  '/parcelstypes',
  '/paytypes',
  '/curtypes',
  '/bagtypes',
  '/offices',
  '/mobiles',
  '/users',
  '/changestatus',
  '/deletedparcels',
  '/bill',
];
const OFFICE = [
  '/registration',
  '/buildregistry',
  '/registry',
  '/registrylist',
  '/myparcels',
  '/suborgparcels',
  '/receiveparcel',
  '/confirmparcel',
  '/receiving',
  '/sending',
  '/addstatus',
  '/comment',
  '/newbag',
  '/bags',
];
const MOBILE = ['/mobilehome', '/setstatuses', '/oktransportlist', '/errtransportlist'];

describe('the menu of each role and flag', () => {
  it('the administrator sees administration, change status, deleted parcels, file lookup, registry print, archives, fines and reports, but no route sheet', () => {
    const p = menuPaths(user(100));
    for (const path of [
      ...ADMIN_ONLY,
      '/registry',
      '/arcparfinder',
      '/oldarcparfinder',
      '/receivepayedparcel',
      '/checkpayed',
    ])
      expect(p).toContain(path);
    expect(p).not.toContain('/ranshit');
    expect(p).not.toContain('/registration');
    expect(p).not.toContain('/mobilehome');
  });

  it('a corporate administrator gets no administration screens', () => {
    const p = menuPaths(user(100, { IsCorporate: true }));
    for (const path of ADMIN_ONLY) expect(p).not.toContain(path);
    expect(p).toContain('/arcparfinder');
  });

  it.each([104, 105, 107])(
    'role %i sees parcel work, the route sheet and archives, no administration or fines',
    (role) => {
      const p = menuPaths(user(role));
      for (const path of [...OFFICE, '/ranshit', '/arcparfinder', '/oldarcparfinder', '/home'])
        expect(p).toContain(path);
      for (const path of [...ADMIN_ONLY, '/receivepayedparcel', '/checkpayed', ...MOBILE])
        expect(p).not.toContain(path);
    },
  );

  it('IsAnother users see fines and no route sheet', () => {
    const p = menuPaths(user(105, { IsAnother: true }));
    expect(p).toContain('/receivepayedparcel');
    expect(p).toContain('/checkpayed');
    expect(p).not.toContain('/ranshit');
  });

  it('RegistrationDisable hides registration only', () => {
    const p = menuPaths(user(105, { RegistrationDisable: true }));
    expect(p).not.toContain('/registration');
    expect(p).toContain('/buildregistry');
  });

  // 002 §2.6 refuses them the receiving scan; §2.13 closes only the outgoing list, so the incoming list stays open
  it('corporate operators are refused receiving, outgoing, bags, the bag journal, comment and fines', () => {
    const p = menuPaths(user(107, { IsCorporate: true, IsAnother: true }));
    for (const path of [
      '/receiveparcel',
      '/sending',
      '/newbag',
      '/bags',
      '/comment',
      '/receivepayedparcel',
      '/checkpayed',
    ])
      expect(p).not.toContain(path);
    for (const path of ['/registration', '/myparcels', '/suborgparcels', '/receiving', '/arcparfinder'])
      expect(p).toContain(path);
  });

  it('the courier sees exactly the mobile home and the three journals', () => {
    expect(menuPaths(user(106))).toEqual(MOBILE);
    expect(menuFor(user(106)).map((g) => g.key)).toEqual(['mobile']);
  });

  it('the courier may open only the mobile screens', () => {
    const open = screens.filter((s) => s.access(user(106))).map((s) => s.path);
    expect(open.sort()).toEqual(
      [
        ...MOBILE,
        '/parsexport',
        '/pargive',
        '/statuschange',
        '/delivercurrier',
        '/startwaybill',
        '/closewaybill',
        '/signature',
      ].sort(),
    );
  });

  it('no session, no menu; hidden screens stay out of every menu', () => {
    expect(menuFor(null)).toEqual([]);
    for (const role of [100, 104, 105, 106, 107]) {
      const p = menuPaths(user(role, { IsAnother: true }));
      expect(p).not.toContain('/profile');
      expect(p).not.toContain('/parfinder');
    }
  });

  it('every route of the specification is in the table', () => {
    const all =
      '/home /parfinder /profile /regions /status /clientstypes /parcelstypes /paytypes /curtypes /bagtypes /offices /mobiles /users /changestatus /deletedparcels /bill /mobilehome /setstatuses /oktransportlist /errtransportlist /registration /registry /buildregistry /registrylist /myparcels /suborgparcels /receiveparcel /confirmparcel /receiving /sending /addstatus /comment /bags /newbag /receivepayedparcel /checkpayed /ranshit /courieractivity /arcparfinder /oldarcparfinder /parsexport /pargive /statuschange /delivercurrier /startwaybill /closewaybill /signature /tasks /mapping /syn-fussionmapping /visitofdey /employeevisit /financeparcel /finance-anlysis'.split(
        ' ',
      );
    for (const path of all) expect(findScreen(path), path).toBeDefined();
  });
});
