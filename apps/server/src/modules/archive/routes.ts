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
import { call } from '../../http/route.ts';
import * as archive from './service.ts';

/** The archive finders' calls (spec 001 §2.7, §2.8, §7): read-only, guards from the contract. */
export default async function archiveRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['archive'];
  call(app, ArchParcelFinder, (input, ctx) => archive.archiveFinder(ctx, 'archive', input), {
    tags,
  });
  call(
    app,
    OldArchParcelFinder,
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
  call(app, ArchGetLastParcelStatus, (input, ctx) => archive.lastStatus(ctx, 'archive', input.gui), {
    tags,
  });
  call(app, ArchGetParcelStatuses, (input, ctx) => archive.statuses(ctx, 'archive', input.gui), {
    tags,
  });
  call(app, OldArchGetParcelStatuses, (input, ctx) => archive.statuses(ctx, 'oldArchive', input.gui), {
    tags,
  });
  call(app, ArchGetMinMaXDate, (_input, ctx) => archive.minMaxDate(ctx, 'archive'), { tags });
  call(app, OldArchGetMinMaXDate, (_input, ctx) => archive.minMaxDate(ctx, 'oldArchive'), { tags });
  await Promise.resolve(app);
}
