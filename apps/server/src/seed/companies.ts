/** The client companies: the five of accounts.ts, then twenty made up, a few of them new this fortnight. */
import type { companies } from '../db/schema.ts';
import { DEMO_COMPANIES, USER } from './accounts.ts';
import { DAY, HOUR, type SeedContext } from './common.ts';
import { COMPANY_NOTES, COMPANY_PLACES, COMPANY_WORDS, RECENT_COMPANY_DAYS } from './words.ts';

export type CompanyRow = typeof companies.$inferInsert;

export function buildCompanies({ rng, now }: SeedContext): CompanyRow[] {
  const companyRows: CompanyRow[] = [];
  const usedPids = new Set<string>();
  DEMO_COMPANIES.forEach(([pid, name], i) => {
    usedPids.add(pid);
    companyRows.push({
      id: i + 1,
      pid,
      name,
      managerGuid: i % 2 ? USER.operator : USER.admin,
      note: i === 3 ? 'საჯარიმო შეტყობინებები' : rng.pick(COMPANY_NOTES),
      createdAt: new Date(now - rng.int(1500, 2150) * DAY),
    });
  });
  for (let i = 0; i < 20; i++) {
    let pid = `${rng.pick(['2', '4'])}${rng.digits(8)}`;
    while (usedPids.has(pid)) pid = `${rng.pick(['2', '4'])}${rng.digits(8)}`;
    usedPids.add(pid);
    const name = `შპს „${rng.pick(COMPANY_PLACES)} ${COMPANY_WORDS[i % COMPANY_WORDS.length]}“`;
    companyRows.push({
      id: companyRows.length + 1,
      pid,
      name,
      managerGuid: rng.chance(0.5) ? USER.operator : USER.admin,
      note: rng.pick(COMPANY_NOTES),
      // a few new clients of the last two weeks, for the finance page's default period (spec 000 §9)
      createdAt: new Date(now - (RECENT_COMPANY_DAYS[i] ?? rng.int(20, 2100)) * DAY - rng.int(9, 17) * HOUR),
    });
  }
  return companyRows;
}
