/**
 * The shipper API's labels (issue 39): the notification card as a PDF made on the server
 * (modules/labels: A6, or A4 with four a page), for the parcels the key sees. A barcode the key may
 * not see is missing exactly as one that does not exist: one parcel's label answers 404, a batch prints
 * the others and names the missing ones in the `X-Missing-Barcodes` header.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code, type ParcelAccess } from '@po/contract';
import { shipperError, shipperLabelsInput, type ApiScope } from '@po/contract/shipper';
import type { AuthedCtx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validation.ts';
import { labelsPdf, type LabelsPdf } from '../labels/service.ts';

type Authed = (req: FastifyRequest, need: ApiScope, parcels: ParcelAccess) => Promise<AuthedCtx>;

const sizeQuery = z.object({ size: z.enum(['A6', 'A4']).default('A6') });
const pdfAnswer = z.string().meta({ description: 'application/pdf', format: 'binary' });

function sendPdf(reply: FastifyReply, made: LabelsPdf, name: string) {
  if (!made.pdf) {
    const barcode = made.missing.join(', ').slice(0, 200);
    throw new AppError(Code.NotFound, 'shipper.parcelNotFound', { barcode });
  }
  if (made.missing.length) reply.header('X-Missing-Barcodes', made.missing.join(','));
  return reply
    .code(200)
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${name}"`)
    .send(made.pdf);
}

export function registerLabelRoutes(
  app: FastifyInstance,
  authed: Authed,
  security: Array<Record<string, string[]>>,
  failures: Record<number, z.ZodType>,
): void {
  app.get(
    '/parcels/:barcode/label.pdf',
    {
      schema: {
        tags: ['shipper'],
        summary: "A parcel's label: the notification card as a PDF (A6, or A4 four a page)",
        security,
        params: z.object({ barcode: z.string().meta({ example: 'PO123456785' }) }),
        querystring: sizeQuery,
        response: { 200: pdfAnswer, ...failures },
      },
    },
    async (req, reply) => {
      const ctx = await authed(req, 'read', 'see');
      const { size } = parseInput(sizeQuery, req.query, { size: { ka: 'ზომა', en: 'size' } });
      const barcode = (req.params as { barcode: string }).barcode;
      return sendPdf(reply, await labelsPdf(ctx, [barcode], size), `${barcode.slice(0, 20)}.pdf`);
    },
  );

  app.post(
    '/labels.pdf',
    {
      schema: {
        tags: ['shipper'],
        summary: 'The labels of many parcels (up to 100) in one PDF',
        description: 'Barcodes the key does not see are left out and named in the X-Missing-Barcodes header.',
        security,
        body: shipperLabelsInput.meta({ example: { Barcodes: ['PO123456785', 'PO123456793'], Size: 'A4' } }),
        response: { 200: pdfAnswer, 400: shipperError, ...failures },
      },
    },
    async (req, reply) => {
      const ctx = await authed(req, 'read', 'see');
      const input = parseInput(shipperLabelsInput, req.body, {
        Barcodes: { ka: 'შტრიხკოდები', en: 'Barcodes' },
        Size: { ka: 'ზომა', en: 'Size' },
      });
      return sendPdf(reply, await labelsPdf(ctx, input.Barcodes, input.Size), 'labels.pdf');
    },
  );
}
