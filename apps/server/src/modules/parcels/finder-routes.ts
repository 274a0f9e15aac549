import type { FastifyInstance } from 'fastify';
import {
  GetLastParcelStatus,
  GetLastParcelStatuses,
  GetMinMaXDate,
  GetParcelStatuses,
  NotConfirmParcelFinder,
  ParcelFinder,
  PostUpStat,
} from '@po/contract/parcels/finder';
import { call } from '../../http/route.ts';
import * as finder from './finder.ts';
import * as statuses from './statuses.ts';

/** The finder's calls (spec 001 §2.4, §2.6, §7): guards from the contract. */
export function finderRoutes(app: FastifyInstance): void {
  const tags = ['parcels'];
  call(app, ParcelFinder, (input, ctx) => finder.parcelFinder(ctx, input), { tags });
  call(app, NotConfirmParcelFinder, (input, ctx) => finder.notConfirmParcelFinder(ctx, input), {
    tags,
  });
  call(app, GetLastParcelStatus, (input, ctx) => statuses.lastStatus(ctx, input.gui), { tags });
  call(
    app,
    GetLastParcelStatuses,
    async (input, ctx) => ({ Items: await statuses.lastStatusItems(ctx, input.guis) }),
    { tags },
  );
  call(app, GetParcelStatuses, (input, ctx) => statuses.statuses(ctx, input.gui), { tags });
  call(app, GetMinMaXDate, (_input, ctx) => statuses.minMaxDate(ctx), { tags });
  call(app, PostUpStat, (input, ctx) => statuses.postUpStat(ctx, input), { tags, write: true });
}
