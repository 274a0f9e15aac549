import type { FastifyInstance } from 'fastify';
import {
  PostDeleteRegion,
  PostGetRegion,
  PostInsertRegion,
  PostInsertStatus,
  PostUpdateRegion,
  PostUpdateStatus,
} from '@po/contract/reference';
import { call } from '../../http/route.ts';
import * as reference from './service.ts';

export default async function referenceRoutes(app: FastifyInstance) {
  const tags = ['reference'];
  const write = { tags, write: true };
  call(app, PostGetRegion, (input, ctx) => reference.list(ctx, input.Rid), { tags });
  call(app, PostInsertRegion, (input, ctx) => reference.insertRegion(ctx, input), write);
  call(app, PostUpdateRegion, (input, ctx) => reference.updateRegion(ctx, input), write);
  call(app, PostDeleteRegion, (input, ctx) => reference.remove(ctx, input.Rid), write);
  call(app, PostInsertStatus, (input, ctx) => reference.insertStatus(ctx, input), write);
  call(app, PostUpdateStatus, (input, ctx) => reference.updateStatus(ctx, input), write);
}
