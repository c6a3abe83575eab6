import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useSystemStatus } from '../lib/system-status';

/** The route table names each page (WCAG 2.4.2): its `handle.title` is the page's name in the player's language. */
export interface TitleHandle {
  title?: ParseKeys;
}

const documentTitle = (page: string | null, brand: string) => (page ? `${page} · ${brand}` : brand);

/**
 * Keeps the tab's title on the page shown: the deepest route that names one, then the merchant's brand. It reads the
 * translator the boot has already loaded instead of react-i18next's hook, which would put i18next in the boot's
 * static imports (the initial JS) for a title.
 */
export function DocumentTitle() {
  const { product } = useSystemStatus();
  const matches = useMatches();
  const key = (matches.findLast((match) => (match.handle as TitleHandle | undefined)?.title)?.handle as TitleHandle | undefined)
    ?.title;
  const brand = product.brand.name;
  useEffect(() => {
    let ended = false;
    let stop = () => {};
    void import('../i18n/i18n').then(({ i18n }) => {
      if (ended) return;
      const show = () => {
        document.title = documentTitle(key ? i18n.t(key) : null, brand);
      };
      show();
      i18n.on('languageChanged', show);
      stop = () => i18n.off('languageChanged', show);
    });
    return () => {
      ended = true;
      stop();
    };
  }, [key, brand]);
  return null;
}
