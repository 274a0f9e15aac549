/** Attendance: the last 90 working days of the staff, first and last sign-in of each day. */
import type { attendance } from '../db/schema.ts';
import { USER } from './accounts.ts';
import { DAY, HOUR, MIN, tbDate, tbWeekday, type SeedContext } from './common.ts';

export function buildAttendance({ rng, today, latest }: SeedContext): Array<typeof attendance.$inferInsert> {
  const attendanceRows: Array<typeof attendance.$inferInsert> = [];
  const staff = [
    USER.admin,
    USER.operator,
    USER.branch,
    USER.bagmaker,
    USER.corporate,
    USER.courier,
    USER.courier2,
  ];
  let workDays = 0;
  for (let day = today; workDays < 90; day -= DAY) {
    const wd = tbWeekday(day);
    if (wd === 0 || wd === 6) continue;
    workDays++;
    for (const user of staff) {
      if (rng.chance(0.06)) continue; // a day off
      const first = day + 9 * HOUR + Math.round(rng.gauss() * 20) * MIN + rng.int(0, 59) * 1000;
      if (first > latest) continue;
      let last = day + 18 * HOUR + Math.round(rng.gauss() * 30) * MIN + rng.int(0, 59) * 1000;
      if (rng.chance(0.03)) last = first; // logged in once
      if (last > latest) last = Math.max(first, latest - rng.int(0, 30) * MIN);
      attendanceRows.push({
        userGuid: user,
        day: tbDate(day),
        firstAt: new Date(first),
        lastAt: new Date(last),
      });
    }
  }
  return attendanceRows;
}
