import type { FastifyInstance } from 'fastify';
import {
  GetMyParcels,
  GetSubOrgParcels,
  PosParcelPayed,
  PostUpCommentByBarcode,
  PostUpStatbyBarcode,
  PostUpStatbyPayedBarcode,
  ReceivingParcels,
  SendingParcels,
} from '@po/contract/scans';
import type { CallDef, Guard } from '@po/contract';
import { call } from '../../http/route.ts';
import * as lists from './office-lists.ts';
import * as scans from './scans.ts';

/** The contract declares these calls' guards; say so to the registrar's 3-argument form. */
function guarded<C extends CallDef>(def: C): C & { guard: Guard } {
  if (!def.guard) throw new Error(`call ${def.name} has no guard in the contract`);
  return def as C & { guard: Guard };
}

/** Counter scans and the office lists (spec 002 §2.6–§2.13, §2.18): guards from the contract. */
export function scanRoutes(app: FastifyInstance): void {
  const tags = ['parcels'];
  call(app, guarded(PostUpStatbyBarcode), (input, ctx) => scans.scanStatus(ctx, input), {
    tags,
    write: true,
  });
  call(app, guarded(PostUpStatbyPayedBarcode), (input, ctx) => scans.scanStatus(ctx, input, { fine: true }), {
    tags,
    write: true,
  });
  call(app, guarded(PosParcelPayed), (input, ctx) => scans.markPaid(ctx, input), { tags, write: true });
  call(app, guarded(PostUpCommentByBarcode), (input, ctx) => scans.changeComment(ctx, input), {
    tags,
    write: true,
  });
  call(app, guarded(GetMyParcels), (_i, ctx) => lists.myParcels(ctx), { tags });
  call(app, guarded(GetSubOrgParcels), (input, ctx) => lists.subOrgParcels(ctx, input), { tags });
  call(app, guarded(ReceivingParcels), (_i, ctx) => lists.incoming(ctx), { tags });
  call(app, guarded(SendingParcels), (_i, ctx) => lists.outgoing(ctx), { tags });
}
