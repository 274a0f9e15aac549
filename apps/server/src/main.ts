import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { buildApp } from './app.ts';

const started = Date.now();
let config;
try {
  config = loadConfig();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const database = await prepareDatabase(config, (m) => console.log(m));
const app = await buildApp(config, database);
await app.listen({ port: config.PORT, host: config.HOST });
console.log(
  `PostOffice ready on http://localhost:${config.PORT} (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
