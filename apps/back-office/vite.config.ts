import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiTarget = process.env.TESSERA_API ?? 'http://localhost:8080';

// react-router's package exports point every condition at its development build; production builds take the
// production build it ships beside it (as the player site does).
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /dist\/development\/index\.mjs$/,
  'dist/production/index.mjs',
);

/** The back office: its own single-page app, served by the same server under /bo/. */
export default defineConfig(({ command }) => ({
  base: '/bo/',
  plugins: [react()],
  resolve: {
    // The contract package exports its TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: { proxy: { '/bo/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    outDir: fileURLToPath(new URL('./dist/', import.meta.url)),
  },
}));
