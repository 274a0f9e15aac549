import type { FastifyInstance } from 'fastify';
import { CreateApiKey, GetApiKeys, RevokeApiKey } from '@po/contract/shipper';
import { call } from '../../http/route.ts';
import * as keys from './keys.ts';
import { shipperApi } from './api-routes.ts';

/** The administrators' calls for the shipper's API keys, and the shipper REST API itself (/api/v1). */
export default async function shipperRoutes(app: FastifyInstance) {
  const tags = ['shipper'];
  call(app, GetApiKeys, (_i, ctx) => keys.listKeys(ctx), { tags });
  call(app, CreateApiKey, (input, ctx) => keys.createKey(ctx, input), { tags, write: true });
  call(app, RevokeApiKey, (input, ctx) => keys.revokeKey(ctx, input), { tags, write: true });
  await app.register(shipperApi, { prefix: '/api/v1' });
}
