import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin, type UserConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const defaultLanguage = (JSON.parse(readFileSync(`${localesDir}languages.json`, 'utf8')) as { code: string }[])[0]?.code;
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

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/**
 * The service worker (src/pwa/service-worker.ts) is a second entry built to /sw.js (unhashed: browsers
 * look for updates at a fixed URL; the server sends it with `no-cache`). This plugin writes the build's
 * precache list and version into it: index.html, every emitted JS/CSS/font file, and the public files
 * (manifest, icons). Source maps are left out. The version is a hash of the list of hashed file names plus
 * index.html, so any change to the build makes a new worker and a new cache.
 */
function servicePrecache(publicDir: string): Plugin {
  return {
    name: 'tessera-sw-precache',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const worker = Object.values(bundle).find((file) => file.type === 'chunk' && file.fileName === 'sw.js');
      if (worker?.type !== 'chunk') return;
      const built = Object.values(bundle)
        .map((file) => file.fileName)
        .filter((name) => name !== 'sw.js' && !name.endsWith('.map') && !name.startsWith('.vite/') && !name.startsWith('ssr/'));
      const fromPublic = walk(publicDir).map((path) => relative(publicDir, path).split('\\').join('/'));
      const urls = [...new Set([...built, ...fromPublic])].map((name) => `/${name}`).sort();
      const index = bundle['index.html'];
      const hash = createHash('sha256').update(urls.join('\n'));
      if (index?.type === 'asset') hash.update(index.source);
      const manifest = JSON.stringify({ version: hash.digest('hex').slice(0, 16), urls });
      if (!worker.code.includes('__TESSERA_PRECACHE__')) this.error('sw.js lost its __TESSERA_PRECACHE__ placeholder');
      worker.code = worker.code.replaceAll('__TESSERA_PRECACHE__', manifest);
    },
  };
}

/**
 * `#boot-chunks` in index.html: the chunks the entry (main.tsx) loads after it, for main.tsx to request all at once
 * instead of discovering them one import after another. `boot`: the boot's own two chunks and
 * their imports, the initial JS of bench/web-size.ts. `route`: the home route's lazy chunks (the i18n runtime, the
 * default language's locale, the app layout, the home screen and their imports). The entry's static imports are
 * left out: they load with it. `lazyOnly`: modules the boot must not import statically; one component's
 * `useTranslation()` among them put the i18next engine into the initial JS and past its budget (DESIGN §4).
 */
function bootChunks(modules: { boot: RegExp[]; route: RegExp[]; lazyOnly: RegExp[] }): Plugin {
  return {
    name: 'tessera-boot-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunkOf = (fileName: string) => {
        const file = bundle[fileName];
        return file?.type === 'chunk' ? file : undefined;
      };
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const seen = new Set<string>();
      const collect = (into: string[]) => (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        into.push(`/${fileName}`);
        chunkOf(fileName)?.imports.forEach(collect(into));
      };
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (entry) collect([])(entry.fileName);
      const filesOf = (wanted: RegExp[]) => {
        const matching = chunks.filter((chunk) => wanted.some((module) => module.test(chunk.facadeModuleId ?? '')));
        if (matching.length < wanted.length) this.error('a boot module is no longer a chunk of its own');
        const files: string[] = [];
        for (const chunk of matching) collect(files)(chunk.fileName);
        return files;
      };
      const boot = filesOf(modules.boot);
      const lazyOnly = boot
        .flatMap((file) => chunkOf(file.slice(1))?.moduleIds ?? [])
        .filter((id) => modules.lazyOnly.some((module) => module.test(id)));
      if (lazyOnly.length > 0)
        this.error(`the boot's static imports reach ${lazyOnly.join(', ')}, which only the home route's chunks may load`);
      const list = JSON.stringify({ boot, route: filesOf(modules.route) });
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      index.source = String(index.source)
        .replace('</head>', `  <script type="application/json" id="boot-chunks">${list}</script>\n  </head>`)
        // The page is painted without its scripts (the server prerenders it): the entry loads behind the
        // stylesheet and images of the first paint instead of sharing a slow link with them.
        .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
        .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
    },
  };
}

const proxied = Object.fromEntries(
  // The PWA manifest is per merchant, made by the server (apps/server/src/platform/web-manifest.ts).
  ['/wps', '/lgw', '/lotto', '/healthz', '/readyz', '/manifest.webmanifest'].map((prefix) => [
    prefix,
    { target: apiTarget, changeOrigin: false },
  ]),
);

// react-router's package exports point every condition at its development build (dev warnings and
// checks included); production builds take the production build it ships beside it.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /dist\/development\/index\.mjs$/,
  'dist/production/index.mjs',
);

/**
 * `vite build --ssr`: the server's build of the home page prerender (src/app/prerender/render-home.tsx), one
 * self-contained module in dist/ssr/ that apps/server/src/platform/prerender.ts loads. Nothing of it is served.
 */
const prerenderBuild = (): UserConfig => ({
  plugins: [react(), bootMessages()],
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterProduction },
      {
        find: /^dompurify$/,
        replacement: fileURLToPath(new URL('./src/app/prerender/server-sanitiser.ts', import.meta.url)),
      },
    ],
  },
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    ssr: true,
    outDir: 'dist/ssr',
    // After the browser build, which empties dist/.
    emptyOutDir: false,
    target: 'node20',
    rollupOptions: {
      input: { 'render-home': fileURLToPath(new URL('./src/app/prerender/render-home.tsx', import.meta.url)) },
    },
  },
});

/**
 * The home page's reads (vendor lanes, hot games, popular lottery, announcements) and the contract routes they
 * name, in one chunk. Each is shared with lazy pages too, so by default each of them, and each routes module, is a
 * chunk of its own, and the home route loads six small chunks instead of one.
 */
const HOME_CALL_FILES = [
  'src/features/catalogue/api/get-game-vendors.ts',
  'src/features/catalogue/api/get-hot-games.ts',
  'src/features/catalogue/api/get-popular-games.ts',
  'src/features/content/api/get-announcements.ts',
  '../../packages/contract/src/routes/catalogue.ts',
  '../../packages/contract/src/routes/content.ts',
].map((path) => fileURLToPath(new URL(path, import.meta.url)));
// A moved file would silently leave the group and put its chunk back on the home route.
for (const path of HOME_CALL_FILES)
  if (!existsSync(path)) throw new Error(`vite.config.ts: home-calls names ${path}, which is gone`);
const homeCalls = {
  name: 'home-calls',
  test: (id: string) => HOME_CALL_FILES.includes(id),
  includeDependenciesRecursively: false,
};

/** The player site: index.html and the service worker. */
const browserBuild = (command: 'build' | 'serve'): UserConfig => ({
  plugins: [
    react(),
    tailwindcss(),
    bootMessages(),
    // Before the precache plugin: the worker's version hashes the final index.html.
    bootChunks({
      boot: [/\/src\/app\/boot\.tsx$/, /\/src\/app\/start-app\.tsx$/],
      route: [
        /\/src\/i18n\/i18n\.ts$/,
        // The first language of the manifest is the platform's default, the one most visitors are shown first.
        new RegExp(`/locales/${defaultLanguage}\\.json$`),
        /\/src\/app\/layouts\/app-layout\.tsx$/,
        /\/src\/features\/home\/home-screen\.tsx$/,
      ],
      lazyOnly: [/\/node_modules\/i18next\//, /\/node_modules\/react-i18next\//, /\/locales\/(?!languages\.json$)[^/]+\.json$/],
    }),
    servicePrecache(fileURLToPath(new URL('./public/', import.meta.url))),
    precompress(),
  ],
  resolve: {
    // The contract package exports its TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: { proxy: proxied },
  preview: { proxy: proxied },
  // Every browser that runs this build supports modulepreload: no polyfill in the initial chunk.
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        sw: fileURLToPath(new URL('./src/pwa/service-worker.ts', import.meta.url)),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        codeSplitting: { groups: [homeCalls] },
      },
    },
  },
});

export default defineConfig(({ command, isSsrBuild }) => (isSsrBuild ? prerenderBuild() : browserBuild(command)));
