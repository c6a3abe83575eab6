import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const apiTarget = process.env.TESSERA_API ?? 'http://localhost:8080';

/**
 * `virtual:boot-messages`: the `app.boot.*` strings of every language in the manifest, bundled into the
 * initial chunk. They are the only strings shown before a locale chunk has loaded (loading, network error,
 * retry) — and the network-error page must render even when the locale chunk itself cannot be fetched.
 * The locale files stay the one source of the text.
 */
function bootMessages(): Plugin {
  const id = 'virtual:boot-messages';
  const resolved = `\0${id}`;
  return {
    name: 'tessera-boot-messages',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loadId) {
      if (loadId !== resolved) return undefined;
      const manifest = JSON.parse(readFileSync(`${localesDir}languages.json`, 'utf8')) as { code: string }[];
      const messages: Record<string, unknown> = {};
      for (const { code } of manifest) {
        const file = `${localesDir}${code}.json`;
        this.addWatchFile(file);
        const locale = JSON.parse(readFileSync(file, 'utf8')) as { app?: { boot?: unknown } };
        messages[code] = locale.app?.boot ?? {};
      }
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}

const proxied = Object.fromEntries(
  ['/wps', '/lgw', '/lotto', '/healthz', '/readyz'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

// react-router's package exports point every condition at its development build (dev warnings and
// checks included); production builds take the production build it ships beside it.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /dist\/development\/index\.mjs$/,
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), bootMessages()],
  resolve: {
    // The contract package exports its TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: { proxy: proxied },
  preview: { proxy: proxied },
  // Every browser that runs this build supports modulepreload: no polyfill in the initial chunk.
  build: { target: 'es2022', sourcemap: true, modulePreload: { polyfill: false } },
}));
