/**
 * Run by `npm run test:e2e` (lib/run.ts) before the journeys: starts the compiled server once on a fresh embedded
 * database, lets it load the demo data, stops it cleanly and keeps its data directory as the template
 * every test file's server copies (lib/server.ts TEMPLATE_DIR).
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TEMPLATE_DIR, startServer } from './server.ts';

const started = Date.now();
await rm(TEMPLATE_DIR, { recursive: true, force: true });
const server = await startServer();
await server.stop({ keepData: true });
await mkdir(path.dirname(TEMPLATE_DIR), { recursive: true });
await cp(server.dataDir, TEMPLATE_DIR, { recursive: true });
await rm(server.dataDir, { recursive: true, force: true });
await writeFile(path.join(TEMPLATE_DIR, 'READY'), new Date().toISOString());
console.log(`e2e: demo database prepared in ${Math.round((Date.now() - started) / 1000)} s`);
