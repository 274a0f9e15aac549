/**
 * The OpenAPI document made readable at `/api/docs`: Swagger UI (swagger-ui-dist, from npm, served from
 * node_modules by this server: no CDN) over `/api/openapi.json`. The page and its initializer are ours;
 * the renderer's files are the package's, under `/api/docs/`.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The renderer's folder in node_modules (the package has no types: its folder is all we need). */
const swaggerUiFolder = () =>
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The docs page's addresses: its page and its files get the pages' security headers, not the calls'. */
export const DOCS_PATH = /^\/api\/docs(\/|\?|$)/i;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>PostOffice API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/po-docs.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get('/api/docs', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/api/docs/po-docs.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiFolder(),
    prefix: '/api/docs/',
    decorateReply: false,
    index: false,
    allowedPath: (path) =>
      /^\/(swagger-ui\.css|swagger-ui-bundle\.js|favicon-(16x16|32x32)\.png)$/.test(path),
    schemaHide: true,
  });
}
