import type { FastifyInstance } from 'fastify';
import { GetPodExport, GetPodExportFile, PodExport } from '@po/contract/proof/export';
import { call } from '../../http/route.ts';
import { podExportFile, podExportState, podRuns, startPodExport } from './pod-export.ts';

/** The bulk proof of delivery (issue 40): start, poll, download. */
export default async function podExportRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['proof'];
  const log = (err: unknown) => app.log.error({ err }, 'proof of delivery export failed');
  call(app, PodExport, (input, ctx) => startPodExport(ctx, input, log), { tags, write: true });
  call(app, GetPodExport, (input, ctx) => podExportState(ctx, input.ID), { tags });
  call(app, GetPodExportFile, (input, ctx) => podExportFile(ctx, input.ID), { tags });
  // an export under way finishes (or fails) before the database closes
  app.addHook('onClose', async () => {
    await Promise.allSettled([...podRuns]);
  });
  await Promise.resolve();
}
