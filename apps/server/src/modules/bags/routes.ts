import type { FastifyInstance } from 'fastify';
import {
  CancelBag,
  CloseBag,
  GetBagParcels,
  GetBags,
  GetOpenBags,
  ReceiveBag,
  ResumeBag,
  SetParcelsNewTransport,
} from '@po/contract/bags';
import { call } from '../../http/route.ts';
import * as open from './open-bags.ts';
import * as svc from './service.ts';

/** Bags (spec 002 §2.14, §2.15; open bags, closing and receiving beyond it): guards from the contract. */
export default async function bagsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['bags'];
  call(app, SetParcelsNewTransport, (input, ctx) => svc.putInBag(ctx, input), { tags, write: true });
  call(app, GetBags, (input, ctx) => svc.listBags(ctx, input), { tags });
  call(app, GetBagParcels, (input, ctx) => svc.bagParcelList(ctx, input), { tags });
  call(app, CloseBag, (input, ctx) => svc.closeBag(ctx, input), { tags, write: true });
  call(app, GetOpenBags, (_input, ctx) => open.openBags(ctx), { tags });
  call(app, ResumeBag, (input, ctx) => open.resumeBag(ctx, input), { tags });
  call(app, CancelBag, (input, ctx) => open.cancelBag(ctx, input), { tags, write: true });
  call(app, ReceiveBag, (input, ctx) => svc.receiveBag(ctx, input), { tags, write: true });
  await Promise.resolve(app);
}
