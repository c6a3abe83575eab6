import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';

/** Loading a locale chunk is async work like any other; the boot gate and the language select share it. */
export const localeQuery = (language: string) =>
  queryOptions({
    queryKey: ['locale', language],
    // The i18next engine and the locale file are both lazy chunks, fetched while the status loads.
    queryFn: () => import('./i18n').then((module) => module.activateLanguage(language)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** The language select: fetch the chunk first, so the page keeps its current texts until the new ones exist. */
export const switchLanguage = (queryClient: QueryClient, language: string) => queryClient.fetchQuery(localeQuery(language));
