/**
 * The bulk proof of delivery through the shipper API (issue 40: "or the client itself through its
 * screen or API key"): the same export as the staff calls `PodExport` / `GetPodExport` /
 * `GetPodExportFile` (modules/proof/pod-export.ts), run as the key's corporate client, so it sees its
 * own office (and those under it) and the exports the key started, and nothing else (404 otherwise).
 * Starting one honours `Idempotency-Key`: a retry answers the first export and starts no second one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { guid, type ParcelAccess } from '@po/contract';
import { PodExport, podExportLabels, podExportState } from '@po/contract/proof/export';
import { shipperPodExportInput, type ApiScope } from '@po/contract/shipper';
import type { AuthedCtx } from '../../http/context.ts';
import { sendFile } from '../../http/file-answer.ts';
import { withIdempotency } from '../../http/idempotency.ts';
import { parseInput } from '../../http/validation.ts';
import { podExportFile, podExportState as stateOf, startPodExport } from '../proof/pod-export.ts';

type Authed = (req: FastifyRequest, need: ApiScope, parcels: ParcelAccess) => Promise<AuthedCtx>;

const idParams = z.object({ id: guid.meta({ example: '0b6f3c1e-5a7d-4d1e-9a51-2f0f3c6f9e11' }) });
const idLabels = { id: podExportLabels.ID };
const fileAnswer = z.string().meta({ description: 'application/pdf or application/zip', format: 'binary' });

/** The export's state with the API's own download address. */
async function apiState(ctx: AuthedCtx, id: string) {
  const state = await stateOf(ctx, id);
  return { ...state, Url: state.Url === null ? null : `/api/v1/pod-exports/${state.Id}/file` };
}

export function registerPodRoutes(
  app: FastifyInstance,
  authed: Authed,
  security: Array<Record<string, string[]>>,
  failures: Record<number, z.ZodType>,
): void {
  const tags = ['shipper'];
  const log = (err: unknown) => app.log.error({ err }, 'proof of delivery export failed');
  app.post(
    '/pod-exports',
    {
      schema: {
        tags,
        summary: 'Start the proof of delivery of the parcels delivered in a range of days (a PDF or a ZIP)',
        description:
          'Answers 202 with the export; poll GET /api/v1/pod-exports/{id} until State is ready, then fetch Url.',
        security,
        body: shipperPodExportInput.meta({ example: { StartDate: '2026-11-01', EndDate: '2026-11-30' } }),
        response: { 202: podExportState, 422: failures[400], ...failures },
      },
    },
    async (req, reply) => {
      const ctx = await authed(req, 'read', 'see');
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = parseInput(
        PodExport.input,
        { ...body, OfficeGUID: body.OfficeGUID ?? ctx.user.officeGuid },
        podExportLabels,
      );
      const started = await withIdempotency(ctx, req, { name: 'ShipperPodExport' }, input, (db, idem) =>
        startPodExport({ ...ctx, db, idem }, input, log),
      );
      return reply.code(202).send(await apiState(ctx, started.Id));
    },
  );
  app.get(
    '/pod-exports/:id',
    {
      schema: {
        tags,
        summary: 'A proof of delivery export: running (with progress), ready (with Url) or failed',
        security,
        params: idParams,
        response: { 200: podExportState, ...failures },
      },
    },
    async (req) => apiState(await authed(req, 'read', 'see'), parseInput(idParams, req.params, idLabels).id),
  );
  app.get(
    '/pod-exports/:id/file',
    {
      schema: {
        tags,
        summary: 'The ready proof of delivery file',
        security,
        params: idParams,
        response: { 200: fileAnswer, 409: failures[400], ...failures },
      },
    },
    async (req, reply) => {
      const ctx = await authed(req, 'read', 'see');
      return sendFile(reply, await podExportFile(ctx, parseInput(idParams, req.params, idLabels).id));
    },
  );
}
