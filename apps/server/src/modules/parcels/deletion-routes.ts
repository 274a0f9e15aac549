import type { FastifyInstance } from 'fastify';
import { DeleteParcel, GetDeletedParcels, undeleteParcel } from '@po/contract/parcels/deletion';
import { call } from '../../http/route.ts';
import * as deletion from './deletion.ts';

/** Deleting, restoring and listing deleted parcels (spec 002 §7, 001 §2.5): guards from the contract. */
export function deletionRoutes(app: FastifyInstance): void {
  const tags = ['parcels'];
  call(app, DeleteParcel, (input, ctx) => deletion.deleteParcel(ctx, input), { tags, write: true });
  call(app, undeleteParcel, (input, ctx) => deletion.undeleteParcel(ctx, input), { tags, write: true });
  call(app, GetDeletedParcels, (input, ctx) => deletion.deletedParcels(ctx, input), { tags });
}
