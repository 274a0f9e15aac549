import type { FastifyInstance } from 'fastify';
import { CloseBag, GetBagParcels, GetBags, ReceiveBag, SetParcelsNewTransport } from '@po/contract/bags';
import { call } from '../../http/route.ts';
import * as svc from './service.ts';

/** Bags (spec 002 §2.14, §2.15; closing and receiving beyond it): guards from the contract. */
export default async function bagsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['bags'];
  call(app, SetParcelsNewTransport, (input, ctx) => svc.putInBag(ctx, input), { tags, write: true });
  call(app, GetBags, (input, ctx) => svc.listBags(ctx, input), { tags });
  call(app, GetBagParcels, (input, ctx) => svc.bagParcelList(ctx, input), { tags });
  call(app, CloseBag, (input, ctx) => svc.closeBag(ctx, input), { tags, write: true });
  call(app, ReceiveBag, (input, ctx) => svc.receiveBag(ctx, input), { tags, write: true });
  await Promise.resolve(app);
}
