import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useSystemStatus } from '../lib/system-status';

/** The route table names each page (WCAG 2.4.2): its `handle.title` is the page's name in the player's language. */
export interface TitleHandle {
  title?: ParseKeys;
}

const documentTitle = (page: string | null, brand: string) => (page ? `${page} · ${brand}` : brand);

/** Keeps the tab's title on the page shown: the deepest route that names one, then the merchant's brand. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const { product } = useSystemStatus();
  const matches = useMatches();
  const key = matches.findLast((match) => (match.handle as TitleHandle | undefined)?.title)?.handle as TitleHandle | undefined;
  const title = documentTitle(key?.title ? t(key.title) : null, product.brand.name);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
