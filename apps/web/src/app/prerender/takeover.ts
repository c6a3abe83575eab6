import type { QueryClient } from '@tanstack/react-query';
import { PRERENDERED_ATTRIBUTE } from '@tessera/contract/api/boot-data';
import { isDomainAllowed } from '../../features/system/domain-check';
import { pickLanguage } from '../../i18n/languages';
import { localeQuery } from '../../i18n/locale-query';
import { pageWasServerPainted } from '../../lib/server-painted-page';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { systemStatusQuery } from '../../lib/system-status';
import { createRouter } from '../router';
import { showHomeAddress } from './static-home';

type Router = ReturnType<typeof createRouter>;

function routerInitialised(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export interface Takeover {
  /** The router to render with: created early, its route chunks loaded. */
  router: Router;
  /**
   * Whether the app's first render is the prerendered page itself (a visitor: the server renders no session), so
   * React hydrates it, attaching to the markup instead of building it again. A member's page differs (account
   * header): it is rendered anew and replaces the prerendered one in one commit.
   */
  hydrate: boolean;
}

/**
 * The server's prerendered home page (render-home.tsx) stays on screen until the app's first render would show
 * the same page: the status from the boot data lets the site open, the language the app picks is the one the
 * page is written in, and the locale and the route's chunks are loaded, so the boot gate and the router render
 * the page at once instead of their loading states. Returns null after clearing the prerendered page when the
 * app will show something else (another language, a closed site, a failed chunk: the boot gate then shows its
 * loading, closed or error state as on any load).
 */
export async function takeOverPrerender(root: HTMLElement, queryClient: QueryClient): Promise<Takeover | null> {
  const language = root.getAttribute(PRERENDERED_ATTRIBUTE);
  if (language === null) return null;
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  pageWasServerPainted();
  const status = queryClient.getQueryData(systemStatusQuery().queryKey);
  const keep =
    status !== undefined &&
    status.status === 0 &&
    isDomainAllowed(window.location, status.info.domainRoute) &&
    pickLanguage(status.product, storage.get('lang')) === language;
  if (keep) {
    // The root's redirect would first render nothing; the prerendered page is /index's.
    showHomeAddress();
    const router = createRouter();
    try {
      await Promise.all([queryClient.fetchQuery(localeQuery(language)), routerInitialised(router)]);
      if (!router.state.errors) return { router, hydrate: useSession.getState().token === null };
    } catch {
      // The boot gate shows the locale's network error with its retry.
    }
    router.dispose();
  }
  root.replaceChildren();
  return null;
}
