import { QueryClientProvider } from '@tanstack/react-query';
import type { BootData, PrerenderedHome } from '@tessera/contract/api/boot-data';
import { SYSTEM_STATUS } from '@tessera/contract/routes/system';
import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { findLanguage } from '../../i18n/languages';
import { numberFormatter } from '../../i18n/number-interpolation';
import { TRANSLATOR_OPTIONS } from '../../i18n/translator-options';
import { seedQueries } from '../boot-data';
import { createQueryClient } from '../query-client';
import { routes } from '../router';

/**
 * The server-side half of the home page's first paint (the server's own build of this file: `vite build --ssr`,
 * loaded by apps/server/src/platform/prerender.ts). It renders the same route tree the browser renders, from the
 * page's boot data (status, announcements, the catalogue's lanes, hot and popular games), so
 * the whole page is in index.html and paints before any script runs. A visitor's browser hydrates this markup
 * (app/prerender/takeover.ts) from the same boot data, so nothing re-renders when the scripts start.
 */

/** The paths whose page is the home screen without a popup (the root redirects to /index). */
export const PRERENDERED_PATHS: readonly string[] = ['/', '/index'];

const locales = import.meta.glob<ResourceKey>(['../../../../../locales/*.json', '!**/languages.json'], {
  eager: true,
  import: 'default',
});

const handler = createStaticHandler(routes);
const translators = new Map<string, I18n>();

/** One read-only i18next instance per language, with the whole locale in memory (no backend, no suspense). */
function translatorFor(language: string): I18n | null {
  const cached = translators.get(language);
  if (cached) return cached;
  const resources = locales[`../../../../../locales/${language}.json`];
  if (!resources) return null;
  const instance = i18next.createInstance();
  void instance
    .use(numberFormatter)
    .init({ ...TRANSLATOR_OPTIONS, lng: language, resources: { [language]: { translation: resources } }, initAsync: false });
  translators.set(language, instance);
  return instance;
}

/**
 * The home page for a visitor of the open site, or null when there is nothing certain to render (site closed,
 * visitors sent to the login page, no announcements in the boot data, a locale that is missing, a route that did
 * not resolve).
 */
export async function renderHomePage(data: BootData): Promise<PrerenderedHome | null> {
  // With loginedToHomePage a visitor's home page is the login page (root-shell.tsx): nothing to paint early.
  if (data.status.status !== SYSTEM_STATUS.normal || !data.announcements || data.status.product.loginedToHomePage) {
    return null;
  }
  const { language } = data.announcements;
  const translator = translatorFor(language);
  if (!translator) return null;
  const context = await handler.query(new Request('http://prerender.invalid/index'));
  if (context instanceof Response || context.errors) return null;
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={translator}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  queryClient.clear();
  // As app/document-title.tsx names the home page.
  const title = `${translator.t('routes.home')} · ${data.status.product.brand.name}`;
  return { html, language, dir: findLanguage(language)?.dir ?? 'ltr', title };
}
