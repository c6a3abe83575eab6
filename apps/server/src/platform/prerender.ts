import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootData, PrerenderedHome } from '@tessera/contract/api/boot-data';
import type { FastifyBaseLogger } from 'fastify';

interface PrerenderModule {
  renderHomePage(data: BootData): Promise<PrerenderedHome | null>;
  PRERENDERED_PATHS: readonly string[];
}

const isPrerenderModule = (value: unknown): value is PrerenderModule =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PrerenderModule).renderHomePage === 'function' &&
  Array.isArray((value as PrerenderModule).PRERENDERED_PATHS);

export type HomePrerender = (pathname: string, data: BootData) => Promise<PrerenderedHome | null>;

/**
 * The web build's home page prerender (`<web dist>/ssr/render-home.js`, made by `vite build --ssr`), or null
 * when the build has none. The page depends on the boot data alone, minus the visitor's own location (not shown
 * on the home page), so each language's last render is reused until an operator changes the status or the
 * announcements: a page load costs a JSON comparison instead of a React render.
 */
export async function loadHomePrerender(webDist: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<HomePrerender | null> {
  const file = path.join(webDist, 'ssr', 'render-home.js');
  if (!fs.existsSync(file)) {
    log.warn({ file }, 'no home page prerender in the web build: the page paints after its scripts');
    return null;
  }
  const module: unknown = await import(pathToFileURL(file).href);
  if (!isPrerenderModule(module)) throw new Error(`${file} does not export renderHomePage and PRERENDERED_PATHS`);
  // By the boot data's language: the site's few languages, one entry each.
  const lastByLanguage = new Map<string, { key: string; page: PrerenderedHome | null }>();
  return async (pathname, data) => {
    if (!module.PRERENDERED_PATHS.includes(pathname)) return null;
    const key = JSON.stringify({ ...data, status: { ...data.status, location: null } });
    const language = data.announcements?.language ?? '';
    let last = lastByLanguage.get(language);
    if (last?.key !== key) {
      last = { key, page: await module.renderHomePage(data) };
      lastByLanguage.set(language, last);
    }
    return last.page;
  };
}
