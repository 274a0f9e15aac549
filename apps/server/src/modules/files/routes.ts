import type { FastifyInstance } from 'fastify';
import { GetBillJpgToBase64, GetSignatureToBase64, PostUploadBill } from '@po/contract/files';
import type { CallDef, Guard } from '@po/contract';
import { call } from '../../http/route.ts';
import * as files from './service.ts';

/** The contract declares these calls' guards; `defineCall`'s type keeps `guard` optional, so say it here. */
function guarded<C extends CallDef>(def: C): C & { guard: Guard } {
  if (!def.guard) throw new Error(`call ${def.name} has no guard in the contract`);
  return def as C & { guard: Guard };
}
/** The files area (signatures, scanned bills): guards from the contract. */
export default async function filesRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['files'];
  call(app, guarded(GetSignatureToBase64), (input, ctx) => files.signature(ctx, input), { tags });
  call(app, guarded(GetBillJpgToBase64), (input, ctx) => files.bill(ctx, input), { tags });
  call(app, guarded(PostUploadBill), (input, ctx) => files.uploadBill(ctx, input), { tags, write: true });
  await Promise.resolve();
}
