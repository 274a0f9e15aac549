import type { FastifyInstance } from 'fastify';
import admin from './admin/routes.ts';
import auth from './auth/routes.ts';
import reference from './reference/routes.ts';
import registration from './registration/routes.ts';

/** Every business area's routes. An area adds its plugin here. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [auth, admin, reference, registration];
