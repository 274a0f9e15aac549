import type { FastifyInstance } from 'fastify';
import {
  BuildRegistry,
  GetNextRegName,
  NFAddPrintedReg,
  NFGetRegistryByNumber,
  NFPrintedRegistryList,
  NFRegistryJournal,
  NFRegistryList,
} from '@po/contract/registries';
import { call } from '../../http/route.ts';
import * as svc from './service.ts';

/** Registries (spec 002 §2.2–§2.5): guards from the contract. */
export default async function registriesRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['registries'];
  call(app, NFRegistryList, (input, ctx) => svc.registryParcelsToPrint(ctx, input), { tags });
  call(app, GetNextRegName, (_i, ctx) => svc.nextRegistryName(ctx), { tags, write: true });
  call(app, NFAddPrintedReg, (input, ctx) => svc.savePrinted(ctx, input), { tags, write: true });
  call(app, BuildRegistry, (input, ctx) => svc.buildScan(ctx, input), { tags, write: true });
  call(app, NFRegistryJournal, (input, ctx) => svc.journal(ctx, input), { tags });
  call(app, NFPrintedRegistryList, (input, ctx) => svc.printedList(ctx, input), { tags });
  call(app, NFGetRegistryByNumber, (input, ctx) => svc.byNumber(ctx, input), { tags });
  await Promise.resolve(app);
}
