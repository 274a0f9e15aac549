import type { FastifyInstance } from 'fastify';
import { CalcPrice, GetTariffs, PostUpdateTariff, Registration } from '@po/contract/registration';
import { call } from '../../http/route.ts';
import * as registration from './service.ts';

export default async function registrationRoutes(app: FastifyInstance) {
  const tags = ['registration'];
  call(app, CalcPrice, (input, ctx) => registration.calcPrice(ctx, input), { tags });
  call(app, Registration, (input, ctx) => registration.register(ctx, input), {
    tags,
    write: true,
  });
  call(app, GetTariffs, (_i, ctx) => registration.listTariffs(ctx), { tags });
  call(app, PostUpdateTariff, (input, ctx) => registration.updateTariff(ctx, input), {
    tags,
    write: true,
  });
}
