/**
 * Reference data every database starts with: Georgian regions (cities) and villages with 4-digit
 * postal indexes, statuses with the specification's ids, the reference lists, roles and the
 * default tariffs. Idempotent: it inserts what is missing and leaves edits alone.
 */
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../client.ts';
import { refItems, roles, tariffs } from '../schema.ts';
import { Group, ROLE_NAMES } from '@po/contract';

/** [id, name, index, zone, villages: [name, index][]] */
export const CITIES: Array<[number, string, string, number, Array<[string, string]>]> = [
  [
    320,
    'თბილისი',
    '0100',
    1,
    [
      ['წყნეთი', '0114'],
      ['კოჯორი', '0109'],
      ['ტაბახმელა', '0117'],
      ['ოქროყანა', '0119'],
    ],
  ],
  [
    321,
    'ბათუმი',
    '6000',
    3,
    [
      ['მახინჯაური', '6010'],
      ['გონიო', '6012'],
      ['სარფი', '6015'],
    ],
  ],
  [
    322,
    'ქუთაისი',
    '4600',
    2,
    [
      ['გოდოგანი', '4610'],
      ['ფარცხანაყანევი', '4612'],
      ['მოწამეთა', '4615'],
    ],
  ],
  [
    323,
    'რუსთავი',
    '3700',
    1,
    [
      ['ფონიჭალა', '3710'],
      ['გამარჯვება', '3712'],
    ],
  ],
  [
    324,
    'გორი',
    '1400',
    2,
    [
      ['ქარალეთი', '1410'],
      ['ტყვიავი', '1412'],
      ['შინდისი', '1415'],
    ],
  ],
  [
    325,
    'ზუგდიდი',
    '2100',
    3,
    [
      ['რუხი', '2110'],
      ['ანაკლია', '2112'],
      ['ჭითაწყარი', '2115'],
    ],
  ],
  [
    326,
    'ფოთი',
    '4400',
    3,
    [
      ['მალთაყვა', '4410'],
      ['ნაბადა', '4412'],
    ],
  ],
  [
    327,
    'თელავი',
    '2200',
    2,
    [
      ['წინანდალი', '2210'],
      ['იყალთო', '2212'],
      ['ნაფარეული', '2215'],
    ],
  ],
  [
    328,
    'ზესტაფონი',
    '2000',
    2,
    [
      ['არგვეთა', '2010'],
      ['შორაპანი', '2012'],
    ],
  ],
  [
    329,
    'ქობულეთი',
    '6200',
    3,
    [
      ['ციხისძირი', '6210'],
      ['ჩაქვი', '6212'],
      ['ოჩხამური', '6215'],
    ],
  ],
  [
    330,
    'მცხეთა',
    '3300',
    1,
    [
      ['წეროვანი', '3310'],
      ['ნატახტარი', '3312'],
      ['საგურამო', '3315'],
    ],
  ],
  [
    331,
    'სიღნაღი',
    '4200',
    2,
    [
      ['წნორი', '4210'],
      ['ბოდბე', '4212'],
    ],
  ],
  [
    332,
    'ამბროლაური',
    '0400',
    4,
    [
      ['ხვანჭკარა', '0410'],
      ['ნიკორწმინდა', '0412'],
    ],
  ],
  [
    333,
    'მესტია',
    '3200',
    4,
    [
      ['უშგული', '3210'],
      ['ბეჩო', '3212'],
    ],
  ],
  [
    334,
    'ბორჯომი',
    '1200',
    2,
    [
      ['ბაკურიანი', '1210'],
      ['ლიკანი', '1212'],
    ],
  ],
  [
    335,
    'ახალციხე',
    '0800',
    3,
    [
      ['ვალე', '0810'],
      ['მინაძე', '0812'],
    ],
  ],
  [
    336,
    'ოზურგეთი',
    '3500',
    3,
    [
      ['ურეკი', '3510'],
      ['შეკვეთილი', '3512'],
    ],
  ],
  [
    337,
    'მარნეული',
    '3000',
    2,
    [
      ['შულავერი', '3010'],
      ['ალგეთი', '3012'],
    ],
  ],
];

/** Statuses 8707 to 8743 (the specification's ids) and ours from 8744. [id, name, zone] */
export const STATUSES: Array<[number, string, number]> = [
  [8707, 'კურიერს გადაეცა', 0],
  [8708, 'გადაცემულია სადისტრიბუციო ცენტრს', 0],
  [8709, 'გზაშია', 0],
  [8710, 'ფილიალშია', 0],
  [8711, 'კურიერმა აიღო', 0],
  [8712, 'ჩაბარებულია', 0],
  [8713, 'ჩაბარებულია ნათესავზე', 0],
  [8714, 'ჩაბარებულია მეზობელზე', 0],
  [8715, 'დაბრუნებულია ოფისში', 0],
  [8716, 'ხელახლა გასატანი', 0],
  [8717, 'უარს ამბობს მიღებაზე', 0],
  [8718, 'მისამართზე არავინ იმყოფება', 0],
  [8719, 'გადამისამართებულია', 0],
  [8720, 'შეჩერებულია', 0],
  [8721, 'დაზიანებულია', 0],
  [8722, 'ხელახლა გატანილია', 0],
  [8723, 'დაკარგულია', 0],
  [8724, 'ელოდება გადახდას', 0],
  [8725, 'გადახდილია', 0],
  [8726, 'საბაჟოზეა', 0],
  [8727, 'გაცემულია საბაჟოდან', 0],
  [8728, 'დახარისხებულია', 0],
  [8729, 'ტრანზიტშია', 0],
  [8730, 'სატრანსპორტო ზედნადები გახსნილია', 0],
  [8731, 'მისამართი არასრულია', 0],
  [8732, 'მისამართი არასწორია', 0],
  [8733, 'ტელეფონი არ პასუხობს', 0],
  [8734, 'დადასტურებულია', 0],
  [8735, 'დაუდასტურებელია', 0],
  [8736, 'მიღებულია ოფისში', 0],
  [8737, 'გაგზავნილია ოფისიდან', 0],
  [8738, 'უარს ამბობს პირადად', 0],
  [8739, 'უარს ამბობს (ოჯახის წევრი)', 0],
  [8740, 'სატრანსპორტო ზედნადები დახურულია', 0],
  [8741, 'ვადაგადაცილებულია', 0],
  [8742, 'უარს ამბობს (კომპანია)', 0],
  [8743, 'გაურკვეველი უარი', 0],
  [8744, 'რეგისტრირებულია', 0],
  [8745, 'ჩადებულია ტომარაში', 0],
  [8746, 'დაბრუნებულია გამგზავნთან', 0],
  [8747, 'წაშლილია', 0],
  [8748, 'აღდგენილია', 0],
  [8749, 'კომენტარი შეიცვალა', 0],
];

/** [group, id, name] */
export const LISTS: Array<[number, number, string]> = [
  [Group.Client, 8680, 'ფიზიკური პირი'],
  [Group.Client, 8681, 'იურიდიული პირი'],
  [Group.Client, 8682, 'კორპორატიული კლიენტი'],
  [Group.Client, 8683, 'სახელმწიფო უწყება'],
  [Group.ParcelType, 8695, 'დოკუმენტი'],
  [Group.ParcelType, 8696, 'საჯარიმო შეტყობინება'],
  [Group.ParcelType, 8697, 'მცირე ამანათი'],
  [Group.ParcelType, 8698, 'ამანათი'],
  [Group.ParcelType, 8699, 'დიდი ამანათი'],
  [Group.Payer, 8700, 'გამგზავნი'],
  [Group.Payer, 8701, 'მიმღები'],
  [Group.Currency, 8702, 'ლარი'],
  [Group.Currency, 8703, 'აშშ დოლარი'],
  [Group.Currency, 8704, 'ევრო'],
  [Group.BagType, 8705, 'ტომარა'],
  [Group.BagType, 8706, 'კონტეინერი'],
];

/** Default tariffs: [senderZone, receiverZone] -> base price, included kg, per extra kg, delivery days. */
function defaultTariffs() {
  const out: Array<typeof tariffs.$inferInsert> = [];
  for (let s = 1; s <= 4; s++) {
    for (let r = 1; r <= 4; r++) {
      const distance = Math.abs(s - r) + Math.max(s, r) - 1;
      out.push({
        senderZone: s,
        receiverZone: r,
        basePrice: 5 + distance * 2,
        includedWeight: 1,
        pricePerKg: 1 + distance * 0.5,
        deliveryDays: 1 + Math.min(distance, 3),
        urgentDays: 1,
      });
    }
  }
  return out;
}

export async function seedReference(db: DbOrTx): Promise<void> {
  const items: Array<typeof refItems.$inferInsert> = [];
  let villageId = 1000;
  for (const [id, name, index, zone, villages] of CITIES) {
    items.push({ id, groupId: Group.Region, name, postCode: index, zone });
    for (const [vName, vIndex] of villages) {
      items.push({
        id: villageId++,
        groupId: Group.Village,
        parentId: id,
        name: vName,
        postCode: vIndex,
        zone,
      });
    }
  }
  for (const [id, name, zone] of STATUSES) items.push({ id, groupId: Group.Status, name, zone });
  for (const [groupId, id, name] of LISTS) items.push({ id, groupId, name });
  await db.insert(refItems).values(items).onConflictDoNothing();
  await db.execute(
    sql`select setval(pg_get_serial_sequence('ref_items', 'id'), greatest((select max(id) from ref_items), 20000))`,
  );

  await db
    .insert(roles)
    .values(Object.entries(ROLE_NAMES).map(([id, n]) => ({ roleId: Number(id), roleName: n.ka })))
    .onConflictDoNothing();

  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from tariffs`);
  if (n === 0) await db.insert(tariffs).values(defaultTariffs());
}
