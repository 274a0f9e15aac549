// `npm run build` (everything) and `npm start` (`--if-stale`: only what is missing or older than its sources).
// - web: Vite builds apps/web/dist, then every text asset gets a .gz and a .br beside it (served as is).
// - server: esbuild bundles apps/server/src/main.ts and the seed and archive CLIs into apps/server/dist
//   as ES modules; npm packages stay external (resolved from node_modules at run time, native and wasm
//   ones included), the contract (@po/contract, TypeScript source) is bundled in.
// Staleness is decided by modification times: the newest source file against the build's stamp.
// Quiet: one line per part built with its time; a tool's own output is printed only when it fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(ROOT, ...p);
const SERVER_DIST = at('apps', 'server', 'dist');
const WEB_DIST = at('apps', 'web', 'dist');
const STAMP = '.build-stamp';

const shared = [
  at('packages', 'contract', 'src'),
  at('packages', 'contract', 'package.json'),
  at('package-lock.json'),
];
const targets = {
  web: {
    stamp: path.join(WEB_DIST, STAMP),
    inputs: [
      ...shared,
      at('apps', 'web', 'src'),
      at('apps', 'web', 'public'),
      at('apps', 'web', 'index.html'),
      at('apps', 'web', 'track.html'),
      at('apps', 'web', 'vite.config.ts'),
      at('apps', 'web', 'chunk-groups.ts'),
      at('apps', 'web', 'postcss.config.cjs'),
      at('apps', 'web', 'package.json'),
    ],
    build: buildWeb,
  },
  server: {
    stamp: path.join(SERVER_DIST, STAMP),
    inputs: [
      ...shared,
      at('apps', 'server', 'src'),
      at('apps', 'server', 'package.json'),
      fileURLToPath(import.meta.url),
    ],
    build: buildServer,
  },
};

const isTest = (name) => /\.(test|bench)\.tsx?$/.test(name);

/** The newest modification time under the given files and folders (tests left out), 0 when none exist. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && !isTest(e)) visit(path.join(p, e));
    } else max = Math.max(max, st.mtimeMs);
  };
  for (const p of paths) visit(p);
  return max;
}

function stale(t) {
  let built;
  try {
    built = fs.statSync(t.stamp).mtimeMs;
  } catch {
    return true;
  }
  return newest(t.inputs) > built;
}

/** Runs a build tool with its output kept back: it is printed only when the tool fails. */
function run(cmd, args, cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(
      `${path.basename(args[0] ?? cmd)} ${args.slice(1).join(' ')} failed (${r.status ?? r.signal})`,
    );
  }
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest|ttf|otf|eot|ico|wasm)$/i;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes name.gz and name.br beside every compressible file worth it (served by @fastify/static). */
async function precompress(dir) {
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (COMPRESSIBLE.test(e.name)) files.push(p);
    }
  };
  walk(dir);
  await Promise.all(
    files.map(async (f) => {
      const raw = fs.readFileSync(f);
      if (raw.length < 1024) return;
      const [gz, br] = await Promise.all([
        gzip(raw, { level: 9 }),
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
      ]);
      if (gz.length < raw.length * 0.9) fs.writeFileSync(`${f}.gz`, gz);
      if (br.length < raw.length * 0.9) fs.writeFileSync(`${f}.br`, br);
    }),
  );
  return files.length;
}

async function buildWeb() {
  // the web's zod-free call manifest, generated from the contract (rewritten only when it differs)
  run(process.execPath, ['--import', 'tsx', at('packages', 'contract', 'src', 'call-refs-manifest.ts')]);
  run(process.execPath, [at('node_modules', 'vite', 'bin', 'vite.js'), 'build'], at('apps', 'web'));
  const n = await precompress(WEB_DIST);
  return `apps/web/dist, ${n} files precompressed`;
}

async function buildServer() {
  const esbuild = await import(pathToFileURL(at('node_modules', 'esbuild', 'lib', 'main.js')).href);
  const src = at('apps', 'server', 'src');
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  /**
   * Bare imports stay external (node_modules at run time), except the workspace's own TypeScript
   * packages (@po/*), which are bundled. In every bundled file `import.meta.url` keeps meaning the
   * source file's own location, so paths computed from it (migrations, the web app) are unchanged.
   */
  const plugin = {
    name: 'po-server',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@po/') || path.isAbsolute(args.path)
          ? undefined
          : { path: args.path, external: true },
      );
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = fs.readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const rel = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: path.join(src, 'main.ts'),
      'seed-cli': path.join(src, 'seed', 'cli.ts'),
      'archive-cli': path.join(src, 'modules', 'archive', 'archive-cli.ts'),
      'backup-cli': path.join(src, 'db', 'backup-cli.ts'),
    },
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // every output in one folder: import.meta.url rewriting above assumes it
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [plugin],
  });
  return 'apps/server/dist';
}

const ifStale = process.argv.includes('--if-stale');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const [name, t] of Object.entries(targets)) {
  if (only.length && !only.includes(name)) continue;
  if (ifStale && !stale(t)) continue;
  // The stamp is written before the build: a source saved during the build is newer and rebuilds next time.
  const stampTime = new Date();
  let what;
  try {
    what = await t.build();
  } catch (e) {
    // the tool's own output, printed above, says why
    console.error(`${name}: build failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
  console.log(`${name}: built in ${((Date.now() - stampTime.getTime()) / 1000).toFixed(1)} s (${what})`);
  fs.mkdirSync(path.dirname(t.stamp), { recursive: true });
  fs.writeFileSync(t.stamp, `${stampTime.toISOString()}\n`);
  fs.utimesSync(t.stamp, stampTime, stampTime);
}
