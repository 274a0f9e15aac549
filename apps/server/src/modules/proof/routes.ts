import type { FastifyInstance } from 'fastify';
import { GetParcelPhoto, GetParcelPhotos } from '@po/contract/proof/photos';
import { DeleteProofRule, GetProofRules, SaveProofRule } from '@po/contract/proof/rules';
import { call } from '../../http/route.ts';
import * as proof from './service.ts';

/** Proof of delivery (issue 40): the parcels' photos and the rules per operation. */
export default async function proofRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['proof'];
  call(app, GetParcelPhotos, (input, ctx) => proof.parcelPhotosFor(ctx, input), { tags });
  call(app, GetParcelPhoto, (input, ctx) => proof.photoFile(ctx, input), { tags });
  call(app, GetProofRules, (_input, ctx) => proof.readRules(ctx.db), { tags });
  call(app, SaveProofRule, (input, ctx) => proof.saveRule(ctx, input), { tags, write: true });
  call(app, DeleteProofRule, (input, ctx) => proof.deleteRule(ctx, input), { tags, write: true });
  await Promise.resolve();
}
