/**
 * Demo offices, accounts and courier devices. Every demo account has the password `Demo#2026`.
 */
import type { DbOrTx } from '../db/client.ts';
import { mobiles, offices, rsRegistry, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

export const DEMO_PASSWORD = 'Demo#2026';

export const OFFICE = {
  central: '11111111-1111-4111-8111-111111111111',
  batumi: '22222222-2222-4222-8222-222222222222',
  kutaisi: '33333333-3333-4333-8333-333333333333',
  rustavi: '44444444-4444-4444-8444-444444444444',
  corporate: '55555555-5555-4555-8555-555555555555',
  gori: '66666666-6666-4666-8666-666666666666',
} as const;

export const USER = {
  admin: 'a0000000-0000-4000-8000-000000000100',
  operator: 'a0000000-0000-4000-8000-000000000105',
  branch: 'a0000000-0000-4000-8000-000000001105',
  bagmaker: 'a0000000-0000-4000-8000-000000000104',
  corporate: 'a0000000-0000-4000-8000-000000000107',
  courier: 'a0000000-0000-4000-8000-000000000106',
  courier2: 'a0000000-0000-4000-8000-000000001106',
  supervisor: 'a0000000-0000-4000-8000-000000000102',
} as const;

export const DEMO_DRIVERS: Array<[string, string]> = [
  ['01024055123', 'გიორგი ბერიძე'],
  ['01024077456', 'ლევან კაპანაძე'],
  ['60001012345', 'ნიკა ჯავახიშვილი'],
];
export const DEMO_PERSONS: Array<[string, string]> = [
  ['01001012345', 'ნინო გელაშვილი'],
  ['01001023456', 'დავით მაისურაძე'],
  ['01001034567', 'თამარ ლომიძე'],
  ['01001045678', 'ირაკლი ნოზაძე'],
  ['01001056789', 'მარიამ ხუციშვილი'],
];
export const DEMO_COMPANIES: Array<[string, string]> = [
  ['204567890', 'შპს „საქართველოს ბანკის სერვისი“'],
  ['205123456', 'სს „თბილისის ენერგია“'],
  ['206789012', 'შპს „ქართული ფოსტის პარტნიორი“'],
  ['404111222', 'შსს საპატრულო პოლიციის დეპარტამენტი'],
  ['211333444', 'შპს „ბათუმის პორტი ლოჯისტიკა“'],
];

/** The offices: the Tbilisi distribution centre, four branches and a corporate client's office. */
const DEMO_OFFICES: Array<typeof offices.$inferInsert> = [
  {
    guid: OFFICE.central,
    name: 'თბილისის სადისტრიბუციო ცენტრი',
    cityId: 320,
    sender: 'თბილისი, წერეთლის გამზ. 116',
    pid: '204000001',
    isDistrCenter: true,
  },
  {
    guid: OFFICE.batumi,
    name: 'ბათუმის ფილიალი',
    cityId: 321,
    distributionCenter: OFFICE.central,
    defaultDestinationDepotGuid: OFFICE.central,
    sender: 'ბათუმი, ჭავჭავაძის ქ. 51',
    pid: '204000002',
  },
  {
    guid: OFFICE.kutaisi,
    name: 'ქუთაისის ფილიალი',
    cityId: 322,
    distributionCenter: OFFICE.central,
    defaultDestinationDepotGuid: OFFICE.central,
    sender: 'ქუთაისი, რუსთაველის გამზ. 12',
    pid: '204000003',
  },
  {
    guid: OFFICE.rustavi,
    name: 'რუსთავის ფილიალი',
    cityId: 323,
    distributionCenter: OFFICE.central,
    defaultDestinationDepotGuid: OFFICE.central,
    sender: 'რუსთავი, მეგობრობის გამზ. 7',
    pid: '204000004',
  },
  {
    guid: OFFICE.gori,
    name: 'გორის ფილიალი',
    cityId: 324,
    distributionCenter: OFFICE.central,
    defaultDestinationDepotGuid: OFFICE.central,
    sender: 'გორი, სტალინის გამზ. 20',
    pid: '204000006',
  },
  {
    guid: OFFICE.corporate,
    name: 'საპატრულო პოლიცია (კორპორატიული)',
    cityId: 320,
    distributionCenter: OFFICE.central,
    defaultDestinationDepotGuid: OFFICE.central,
    sender: 'თბილისი, გიორგი გულუას ქ. 10',
    pid: '404111222',
    isCorporate: true,
  },
];

/** The demo accounts (their password and its validity are added when they are written). */
const DEMO_USERS: Array<Omit<typeof users.$inferInsert, 'passwordHash' | 'passwordValid'>> = [
  {
    guid: USER.admin,
    login: 'admin',
    name: 'ანა ადმინისტრატორი',
    roleId: 100,
    officeGuid: OFFICE.central,
  },
  {
    guid: USER.operator,
    login: 'operator',
    name: 'ოთარ ოპერატორი',
    roleId: 105,
    officeGuid: OFFICE.central,
  },
  {
    guid: USER.branch,
    login: 'branch',
    name: 'ბექა ფილიალელი',
    roleId: 105,
    officeGuid: OFFICE.batumi,
    isAnother: true,
  },
  {
    guid: USER.bagmaker,
    login: 'bagmaker',
    name: 'ბაჩო ტომრების',
    roleId: 104,
    officeGuid: OFFICE.central,
  },
  {
    guid: USER.corporate,
    login: 'corporate',
    name: 'კახა კორპორატიული',
    roleId: 107,
    officeGuid: OFFICE.corporate,
  },
  {
    guid: USER.courier,
    login: 'courier',
    name: 'გიორგი ბერიძე',
    roleId: 106,
    officeGuid: OFFICE.central,
    info: '482913',
    phone: '599123456',
  },
  {
    guid: USER.courier2,
    login: 'courier2',
    name: 'ლევან კაპანაძე',
    roleId: 106,
    officeGuid: OFFICE.batumi,
    info: '731204',
    phone: '599654321',
  },
  {
    guid: USER.supervisor,
    login: 'supervisor',
    name: 'სოსო სუპერვაიზერი',
    roleId: 102,
    officeGuid: OFFICE.central,
  },
];

export async function seedAccounts(db: DbOrTx): Promise<void> {
  await db.insert(offices).values(DEMO_OFFICES).onConflictDoNothing();

  const hash = await hashPassword(DEMO_PASSWORD);
  const valid = new Date(Date.now() + 365 * 86_400_000);
  await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ passwordHash: hash, passwordValid: valid, ...u })))
    .onConflictDoNothing();

  await db
    .insert(mobiles)
    .values([
      {
        name: 'Samsung A54 #1',
        officeGuid: OFFICE.central,
        userGuid: USER.courier,
        carNumber: 'AA-123-BB',
        driverId: DEMO_DRIVERS[0][0],
        phone: '599123456',
      },
      {
        name: 'Xiaomi Redmi #2',
        officeGuid: OFFICE.batumi,
        userGuid: USER.courier2,
        carNumber: 'BT-777-TB',
        driverId: DEMO_DRIVERS[1][0],
        phone: '599654321',
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(rsRegistry)
    .values([
      ...DEMO_DRIVERS.map(([tin, name]) => ({ tin, name, kind: 'person' })),
      ...DEMO_PERSONS.map(([tin, name]) => ({ tin, name, kind: 'person' })),
      ...DEMO_COMPANIES.map(([tin, name]) => ({ tin, name, kind: 'company' })),
    ])
    .onConflictDoNothing();
}
