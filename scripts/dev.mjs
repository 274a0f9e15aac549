// `npm run dev`: the server (watching, embedded database) and Vite with the API proxied to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', '-w', 'apps/server', 'dev'], { stdio: 'inherit', env: { ...process.env } }),
  spawn('npm', ['run', '-w', 'apps/web', 'dev'], { stdio: 'inherit', env: { ...process.env } }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && stop());
