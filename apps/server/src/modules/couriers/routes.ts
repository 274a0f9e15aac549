import type { FastifyInstance } from 'fastify';
import {
  GetAllCouriers,
  GetCourierActivity,
  GetParcelforRanshit,
  GetParcelsView,
} from '@po/contract/couriers';
import { call } from '../../http/route.ts';
import * as svc from './service.ts';

/** Courier activity and the route sheet (spec 002 §2.16, §2.17): guards from the contract. */
export default async function couriersRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['couriers'];
  call(app, GetAllCouriers, (_i, ctx) => svc.allCouriers(ctx), { tags });
  call(app, GetCourierActivity, (input, ctx) => svc.activity(ctx, input), { tags });
  call(app, GetParcelsView, (input, ctx) => svc.courierParcels(ctx, input), { tags });
  call(app, GetParcelforRanshit, (input, ctx) => svc.ranshitLine(ctx, input), { tags });
  await Promise.resolve(app);
}
