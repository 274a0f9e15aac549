import type { FastifyInstance } from 'fastify';
import {
  GetBillJpgToBase64,
  GetParcelHandover,
  GetSignatureToBase64,
  PostUploadBill,
} from '@po/contract/files';
import { call } from '../../http/route.ts';
import * as files from './service.ts';

/** The files area (signatures, scanned bills): guards from the contract. */
export default async function filesRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['files'];
  call(app, GetSignatureToBase64, (input, ctx) => files.signature(ctx, input), { tags });
  call(app, GetParcelHandover, (input, ctx) => files.handover(ctx, input), { tags });
  call(app, GetBillJpgToBase64, (input, ctx) => files.bill(ctx, input), { tags });
  call(app, PostUploadBill, (input, ctx) => files.uploadBill(ctx, input), { tags, write: true });
  await Promise.resolve();
}
