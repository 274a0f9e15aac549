import type { FastifyInstance } from 'fastify';
import {
  GetLastParcelStatus,
  GetLastParcelStatuses,
  GetMinMaXDate,
  GetParcelStatuses,
  NotConfirmParcelFinder,
  ParcelFinder,
  PostUpStat,
} from '@po/contract/finder';
import type { CallDef, Guard } from '@po/contract';
import { call } from '../../http/route.ts';
import * as finder from './finder.ts';
import * as statuses from './statuses.ts';

/** The contract declares these calls' guards; `defineCall`'s type keeps `guard` optional, so say it here. */
function guarded<C extends CallDef>(def: C): C & { guard: Guard } {
  if (!def.guard) throw new Error(`call ${def.name} has no guard in the contract`);
  return def as C & { guard: Guard };
}
/** The finder's calls (spec 001 §2.4, §2.6, §7): guards from the contract. */
export function finderRoutes(app: FastifyInstance): void {
  const tags = ['parcels'];
  call(app, guarded(ParcelFinder), (input, ctx) => finder.parcelFinder(ctx, input), { tags });
  call(app, guarded(NotConfirmParcelFinder), (input, ctx) => finder.notConfirmParcelFinder(ctx, input), {
    tags,
  });
  call(app, guarded(GetLastParcelStatus), (input, ctx) => statuses.lastStatus(ctx, input.gui), { tags });
  call(
    app,
    guarded(GetLastParcelStatuses),
    async (input, ctx) => ({ Items: await statuses.lastStatusItems(ctx, input.guis) }),
    { tags },
  );
  call(app, guarded(GetParcelStatuses), (input, ctx) => statuses.statuses(ctx, input.gui), { tags });
  call(app, guarded(GetMinMaXDate), (_input, ctx) => statuses.minMaxDate(ctx), { tags });
  call(app, guarded(PostUpStat), (input, ctx) => statuses.postUpStat(ctx, input), { tags, write: true });
}
