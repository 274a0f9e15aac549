// `npm run typecheck`: `tsc -p` for every TypeScript project of the repo, with TypeScript 7's native
// compiler (the `typescript-7` package: npm's typescript@7, which checks in Go on several threads), as many
// projects at a time as the machine has cores (the projects do not depend on one another's output, each
// reads the contract's sources itself). One line per project with its time; tsc's own output only on
// failure. TypeScript 6 (`typescript`) stays for typescript-eslint, which needs the classic compiler API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
// the largest first, so the small ones fill in beside it
const PROJECTS = ['apps/web', 'apps/server', 'e2e', 'packages/contract', '.'];
// DevExtreme's page of the DataGrid benchmark, once the benchmark has installed its packages (bench/grid)
if (fs.existsSync(path.join(ROOT, 'bench/grid/node_modules'))) PROJECTS.push('bench/grid');
else console.log('typecheck bench/grid: skipped (its packages are installed by the DataGrid benchmark)');

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const s = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`typecheck ${project}: ok in ${s} s`);
      else process.stdout.write(`typecheck ${project}: failed in ${s} s\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
const lane = async () => {
  for (let p = queue.shift(); p; p = queue.shift()) if (!(await check(p))) failed = true;
};
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), queue.length)) }, lane),
);
process.exit(failed ? 1 : 0);
