// `npm run dev`: the API server from TypeScript source with reload on change (tsx), and the Vite dev servers of
// the player site and the back office with hot module replacement, each proxying its API prefixes to the API
// server. Open the addresses they print: the player site on WEB_DEV_PORT (5173), the back office under /bo/ on
// BACK_OFFICE_DEV_PORT (5174).
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const webPort = process.env.WEB_DEV_PORT ?? '5173';
const backOfficePort = process.env.BACK_OFFICE_DEV_PORT ?? '5174';
const viteEnv = { ...process.env, TESSERA_API: `http://localhost:${apiPort}` };
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@tessera/web', '--', '--port', webPort, '--strictPort'], { stdio: 'inherit', env: viteEnv }),
  spawn('npm', ['run', 'dev', '-w', '@tessera/back-office', '--', '--port', backOfficePort, '--strictPort'], {
    stdio: 'inherit',
    env: viteEnv,
  }),
];

const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));
