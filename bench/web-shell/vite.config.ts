// The bare React shell's build (bench/lighthouse.ts builds it into BENCH_SHELL_OUT): the player site's Vite, React
// plugin, target, production router build and precompression, so the two differ only in what the app does.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../apps/web/vite-precompress.ts';

const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /dist\/development\/index\.mjs$/,
  'dist/production/index.mjs',
);

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  logLevel: 'warn',
  build: {
    target: 'es2022',
    outDir: process.env.BENCH_SHELL_OUT ?? fileURLToPath(new URL('./dist/', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
  },
});
