import type { FastifyInstance } from 'fastify';
import {
  ArchGetLastParcelStatus,
  ArchGetMinMaXDate,
  ArchGetParcelStatuses,
  ArchParcelFinder,
  OldArchGetMinMaXDate,
  OldArchGetParcelStatuses,
  OldArchParcelFinder,
} from '@po/contract/archive';
import type { CallDef, Guard } from '@po/contract';
import { call } from '../../http/route.ts';
import * as archive from './service.ts';

/** The contract declares these calls' guards; `defineCall`'s type keeps `guard` optional, so say it here. */
function guarded<C extends CallDef>(def: C): C & { guard: Guard } {
  if (!def.guard) throw new Error(`call ${def.name} has no guard in the contract`);
  return def as C & { guard: Guard };
}

/** The archive finders' calls (spec 001 §2.7, §2.8, §7): read-only, guards from the contract. */
export default async function archiveRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['archive'];
  call(app, guarded(ArchParcelFinder), (input, ctx) => archive.archiveFinder(ctx, 'archive', input), {
    tags,
  });
  call(
    app,
    guarded(OldArchParcelFinder),
    (input, ctx) =>
      archive.archiveFinder(ctx, 'oldArchive', {
        ...input,
        Description: '',
        RegistredUserGUID: null,
        RegistredUserOfficeGUID: null,
        RegistredUserLogin: '',
      }),
    { tags },
  );
  call(app, guarded(ArchGetLastParcelStatus), (input, ctx) => archive.lastStatus(ctx, 'archive', input.gui), {
    tags,
  });
  call(app, guarded(ArchGetParcelStatuses), (input, ctx) => archive.statuses(ctx, 'archive', input.gui), {
    tags,
  });
  call(
    app,
    guarded(OldArchGetParcelStatuses),
    (input, ctx) => archive.statuses(ctx, 'oldArchive', input.gui),
    { tags },
  );
  call(app, guarded(ArchGetMinMaXDate), (_input, ctx) => archive.minMaxDate(ctx, 'archive'), { tags });
  call(app, guarded(OldArchGetMinMaXDate), (_input, ctx) => archive.minMaxDate(ctx, 'oldArchive'), { tags });
  await Promise.resolve(app);
}
