import type { FastifyInstance } from 'fastify';
import auth from './auth/routes.ts';

/** Every business area's routes. An area adds its plugin here. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [auth];
