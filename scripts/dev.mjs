// `npm run dev`: the API server from TypeScript source with reload on change (tsx), and the Vite dev server
// with hot module replacement, which proxies the API prefixes to it. Open the Vite address it prints.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@tessera/web', '--', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, TESSERA_API: `http://localhost:${apiPort}` },
  }),
];

const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));
