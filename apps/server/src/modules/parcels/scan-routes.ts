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
} from '@po/contract/parcels/scans';
import { call } from '../../http/route.ts';
import * as lists from './office-lists.ts';
import * as scans from './scans.ts';

/** Counter scans and the office lists (spec 002 §2.6–§2.13, §2.18): guards from the contract. */
export function scanRoutes(app: FastifyInstance): void {
  const tags = ['parcels'];
  call(app, PostUpStatbyBarcode, (input, ctx) => scans.scanStatus(ctx, input), {
    tags,
    write: true,
  });
  call(app, PostUpStatbyPayedBarcode, (input, ctx) => scans.scanStatus(ctx, input, { fine: true }), {
    tags,
    write: true,
  });
  call(app, PosParcelPayed, (input, ctx) => scans.markPaid(ctx, input), { tags, write: true });
  call(app, PostUpCommentByBarcode, (input, ctx) => scans.changeComment(ctx, input), {
    tags,
    write: true,
  });
  call(app, GetMyParcels, (_i, ctx) => lists.myParcels(ctx), { tags });
  call(app, GetSubOrgParcels, (input, ctx) => lists.subOrgParcels(ctx, input), { tags });
  call(app, ReceivingParcels, (_i, ctx) => lists.incoming(ctx), { tags });
  call(app, SendingParcels, (_i, ctx) => lists.outgoing(ctx), { tags });
}
