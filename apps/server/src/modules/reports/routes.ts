import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CalcCompanyParcelSumm,
  CalcCompanySumm,
  CourierPositions,
  CourierTasks,
  FGetOneDayStat,
  FGetUserList,
  FGetUserStatByDate,
  GetUserList,
  MapTiles,
} from '@po/contract/reports';
import { call } from '../../http/route.ts';
import type { AuthedCtx } from '../../http/context.ts';
import { rotateTicket } from '../../http/session.ts';
import { tilesReachable } from './map-tiles.ts';
import * as reports from './service.ts';

/** Every report answer carries a renewed ticket (spec 000 §4: "ticket renewal from each report response"). */
const renewed = (ctx: AuthedCtx, req: FastifyRequest) =>
  rotateTicket(ctx.db, ctx.config, ctx.user, req.sessionTicket ?? '');

export default async function reportsRoutes(app: FastifyInstance) {
  const tags = ['reports'];

  call(
    app,
    CalcCompanyParcelSumm,
    async (input, ctx, req) => ({
      ...(await reports.companyParcelSumm(ctx.db, input.Startdate, input.Enddate)),
      Ticket: await renewed(ctx, req),
    }),
    { tags },
  );
  call(
    app,
    CalcCompanySumm,
    async (input, ctx, req) => ({
      ...(await reports.companySumm(ctx.db, input)),
      Ticket: await renewed(ctx, req),
    }),
    { tags },
  );
  call(
    app,
    FGetUserList,
    async (_i, ctx, req) => ({ Users: await reports.employees(ctx.db), Ticket: await renewed(ctx, req) }),
    { tags },
  );
  call(
    app,
    GetUserList,
    async (_i, ctx, req) => ({ Users: await reports.managers(ctx.db), Ticket: await renewed(ctx, req) }),
    { tags },
  );
  call(
    app,
    FGetUserStatByDate,
    async (input, ctx, req) => ({
      Users: await reports.userStatByDate(ctx.db, input),
      Ticket: await renewed(ctx, req),
    }),
    { tags },
  );
  call(
    app,
    FGetOneDayStat,
    async (input, ctx, req) => ({
      Users: await reports.oneDayStat(ctx.db, input.ControlDate),
      Ticket: await renewed(ctx, req),
    }),
    { tags },
  );
  call(app, CourierPositions, async (_i, ctx) => ({ Couriers: await reports.courierPositions(ctx.db) }), {
    tags,
  });
  call(
    app,
    MapTiles,
    async (_i, ctx) => ({
      Url: ctx.config.MAP_TILES_URL,
      Reachable: await tilesReachable(ctx.config.MAP_TILES_URL),
    }),
    { tags },
  );
  call(app, CourierTasks, async (_i, ctx) => ({ Couriers: await reports.courierTasks(ctx.db, ctx.scope) }), {
    tags,
  });
}
