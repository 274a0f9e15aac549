import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

type Group = Rolldown.CodeSplittingGroup;

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const page = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

/** The chunks the login page loads before it can be used: the page, the public app and the login screen. */
const LOGIN_ROUTE = [page('index.html'), src('app/public-app.tsx'), src('features/auth/login-form.tsx')];
/** The public tracking page (issue 38), a page of its own. */
const TRACK_ROUTE = [page('track.html')];
/**
 * The page's own entry module stays in the page's entry chunk (so do the login route's screens, in chunks
 * of their own: the bench finds them in the manifest by their source).
 */
const ENTRY = src('main.tsx');

/**
 * Fetched only by the screen that needs them (a spreadsheet export, the map, the camera, a barcode
 * image, a signature, a printed card rendered to HTML): they keep chunks of their own.
 */
const ON_DEMAND =
  /node_modules[\\/](exceljs|leaflet|zxing-wasm|bwip-js|signature_pad)[\\/]|react-dom[\\/](cjs[\\/]react-dom-server|server)|[\\/]src[\\/]components[\\/]print[\\/]codes\.ts$/;
/** One chunk a language and namespace (vite.config.ts names them; the bench finds them by name). */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]locales[\\/]/;
/** Code the working screens share: the libraries, the contract and the app's shared parts. */
const SHARED = /node_modules|[\\/]packages[\\/]contract[\\/]|[\\/]src[\\/](app|components|lib|api|i18n)[\\/]/;

/** Set while the probe build runs: it uses the bundler's own split. */
const PROBE = 'PO_CHUNK_PROBE';

/** The modules in the chunks a route loads: the chunks of `facades` and what they import statically. */
function routeModules(chunks: Rolldown.OutputChunk[], facades: string[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const todo = chunks.filter((c) => c.facadeModuleId && facades.includes(c.facadeModuleId));
  if (todo.length !== facades.length)
    throw new Error(`chunk groups: no chunk for one of ${facades.join(', ')}`);
  const seen = new Set<Rolldown.OutputChunk>();
  for (let c = todo.pop(); c; c = todo.pop()) {
    if (seen.has(c)) continue;
    seen.add(c);
    for (const f of c.imports) todo.push(byFile.get(f)!);
  }
  return new Set([...seen].flatMap((c) => c.moduleIds));
}

/** Builds the app once with the bundler's own split, writing nothing, and answers what each public page loads. */
async function probe(configFile: string): Promise<{ login: Set<string>; track: Set<string> }> {
  process.env[PROBE] = '1';
  try {
    const out = await build({ configFile, logLevel: 'silent', build: { write: false, manifest: false } });
    const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
    const chunks = outputs
      .flatMap((o) => o.output)
      .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
    return { login: routeModules(chunks, LOGIN_ROUTE), track: routeModules(chunks, TRACK_ROUTE) };
  } finally {
    delete process.env[PROBE];
  }
}

/**
 * How the web app's code is cut into files. Left to itself the bundler makes many small shared chunks,
 * one for each set of screens that shares a module, and a logged-in screen opened on a fresh browser
 * fetches a great many files (`npm run bench` counts them). A probe build with that split tells which
 * modules the login page and the tracking page load; then two groups:
 * - `public`: what the login page loads, in one file: the same modules, so the bench's limit for the
 *   login page holds;
 * - `office`: the libraries, the contract and the app's shared parts the working screens use, in one
 *   file cached after the first screen.
 * The tracking page (its own limit), each screen, each catalogue and the few large libraries one
 * screen needs (ON_DEMAND) keep chunks of their own. Answers no groups in the probe itself.
 */
export async function chunkGroups(configFile: string): Promise<Group[]> {
  if (process.env[PROBE]) return [];
  const { login, track } = await probe(configFile);
  const own = (id: string) =>
    id === ENTRY || LOGIN_ROUTE.includes(id) || CATALOGUE.test(id) || ON_DEMAND.test(id) || track.has(id);
  return [
    {
      name: (id) => (login.has(id) && !own(id) ? 'public' : null),
      debugName: 'public',
      priority: 2,
      // a module of the tracking page or a catalogue stays out even when a grouped module imports it
      includeDependenciesRecursively: false,
    },
    {
      name: (id) => (!login.has(id) && !own(id) && SHARED.test(id) ? 'office' : null),
      debugName: 'office',
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}
