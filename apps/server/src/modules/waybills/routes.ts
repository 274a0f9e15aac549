import type { FastifyInstance } from 'fastify';
import { ActivateWaybillforSender, CloseWaybill } from '@po/contract/waybills';
import { call } from '../../http/route.ts';
import * as waybills from './service.ts';

/**
 * Transport waybills (spec 003 §7): guards from the contract (role 106). `CloseWaybill` also answers the
 * alternate form `/api/CloseWayBill` (paths are case-insensitive).
 */
export default async function waybillRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['waybills'];
  call(app, ActivateWaybillforSender, (input, ctx) => waybills.start(ctx, input), { tags, write: true });
  call(app, CloseWaybill, (input, ctx) => waybills.close(ctx, input), { tags, write: true });
  await Promise.resolve(app);
}
