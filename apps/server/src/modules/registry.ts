import type { FastifyInstance } from 'fastify';
import admin from './admin/routes.ts';
import auth from './auth/routes.ts';
import reference from './reference/routes.ts';
import registration from './registration/routes.ts';
import parcels from './parcels/routes.ts';
import files from './files/routes.ts';
import reports from './reports/routes.ts';
import mobile from './mobile/routes.ts';
import registries from './registries/routes.ts';
import bags from './bags/routes.ts';
import couriers from './couriers/routes.ts';
import archive from './archive/routes.ts';
import waybills from './waybills/routes.ts';
import tracking from './tracking/routes.ts';
import notifications from './notifications/routes.ts';
import webhooks from './webhooks/routes.ts';
import proof from './proof/routes.ts';
import podExport from './proof/pod-export-routes.ts';
import shipper from './shipper/routes.ts';

/** Every business area's routes. An area adds its plugin here. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  auth,
  admin,
  reference,
  registration,
  parcels,
  files,
  reports,
  mobile,
  registries,
  bags,
  couriers,
  archive,
  waybills,
  tracking,
  notifications,
  webhooks,
  proof,
  podExport,
  shipper,
];
