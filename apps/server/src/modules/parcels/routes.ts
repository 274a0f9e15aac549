import type { FastifyInstance } from 'fastify';
import { deletionRoutes } from './deletion-routes.ts';
import { finderRoutes } from './finder-routes.ts';
import { scanRoutes } from './scan-routes.ts';

/** The parcels area's calls (finders, scans, statuses, deletion): one line per call, `tags` = ['parcels']. */
export default async function parcelsRoutes(app: FastifyInstance): Promise<void> {
  deletionRoutes(app);
  finderRoutes(app);
  scanRoutes(app);
  await Promise.resolve(app);
}
