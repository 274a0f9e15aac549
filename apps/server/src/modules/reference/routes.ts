import type { FastifyInstance } from 'fastify';
import {
  PostDeleteRegion,
  PostGetRegion,
  PostInsertRegion,
  PostInsertStatus,
  PostUpdateRegion,
  PostUpdateStatus,
} from '@po/contract/reference';
import { Role, WORKING_ROLES } from '@po/contract';
import { call } from '../../http/route.ts';
import * as reference from './service.ts';

/** Every working role reads the lists (couriers too, for status lookups). */
const READ = { roles: WORKING_ROLES } as const;
/** Only a global administrator of a non-corporate office changes them. */
const ADMIN = { roles: [Role.Admin], corporate: false } as const;

export default async function referenceRoutes(app: FastifyInstance) {
  const tags = ['reference'];
  const write = { tags, write: true };
  call(app, PostGetRegion, READ, (input, ctx) => reference.list(ctx, input.Rid), { tags });
  call(app, PostInsertRegion, ADMIN, (input, ctx) => reference.insertRegion(ctx, input), write);
  call(app, PostUpdateRegion, ADMIN, (input, ctx) => reference.updateRegion(ctx, input), write);
  call(app, PostDeleteRegion, ADMIN, (input, ctx) => reference.remove(ctx, input.Rid), write);
  call(app, PostInsertStatus, ADMIN, (input, ctx) => reference.insertStatus(ctx, input), write);
  call(app, PostUpdateStatus, ADMIN, (input, ctx) => reference.updateStatus(ctx, input), write);
}
