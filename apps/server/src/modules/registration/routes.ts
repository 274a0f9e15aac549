import type { FastifyInstance } from 'fastify';
import { CalcPrice, GetTariffs, PostUpdateTariff, Registration } from '@po/contract/registration';
import { OFFICE_ROLES, Role } from '@po/contract';
import { call, type Guard } from '../../http/route.ts';
import * as registration from './service.ts';

/** Office roles 104, 105, 107 (not the courier 106, not the administrator 100: spec 000 §6), not with RegistrationDisable. */
const REGISTRARS: Guard = { roles: OFFICE_ROLES, check: registration.mayRegister };
const ADMIN: Guard = { roles: [Role.Admin], corporate: false };

export default async function registrationRoutes(app: FastifyInstance) {
  const tags = ['registration'];
  call(app, CalcPrice, REGISTRARS, (input, ctx) => registration.calcPrice(ctx, input), { tags });
  call(app, Registration, REGISTRARS, (input, ctx) => registration.register(ctx, input), {
    tags,
    write: true,
  });
  call(app, GetTariffs, ADMIN, (_i, ctx) => registration.listTariffs(ctx), { tags });
  call(app, PostUpdateTariff, ADMIN, (input, ctx) => registration.updateTariff(ctx, input), {
    tags,
    write: true,
  });
}
