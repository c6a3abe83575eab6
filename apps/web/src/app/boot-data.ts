import type { QueryClient } from '@tanstack/react-query';
import type { BootData } from '@tessera/contract/api/boot-data';
import { gameVendorsQuery } from '../features/catalogue/api/get-game-vendors';
import { hotGamesQuery } from '../features/catalogue/api/get-hot-games';
import { popularGamesQuery } from '../features/catalogue/api/get-popular-games';
import { announcementsQuery } from '../features/content/api/get-announcements';
import { useSession } from '../lib/session';
import { statusResolved, systemStatusQuery } from '../lib/system-status';

function readBootData(): BootData | null {
  const element = document.getElementById('boot-data');
  if (!element?.textContent) return null;
  // Read once: a later mount (tests, a remount) must ask the server, not replay this page load's answers.
  element.remove();
  try {
    return JSON.parse(element.textContent) as BootData;
  } catch {
    return null;
  }
}

/**
 * Seeds the query cache with the page's boot data so the status and the home page's calls are not asked again on
 * first load (nor re-render the hydrated page when they answer). Absent (dev server, the service worker's offline
 * shell) the calls are made as usual. The server answers for its default merchant; a tab that already names
 * another merchant asks for its own.
 */
export function seedBootData(queryClient: QueryClient) {
  const data = readBootData();
  if (!data) return;
  const { merchant } = useSession.getState();
  if (merchant && merchant !== data.status.product.brand.merchant) return;
  statusResolved(data.status);
  seedQueries(queryClient, data);
}

/** The boot data as the answers of the calls it stands for (also the server-side prerender's data). */
export function seedQueries(queryClient: QueryClient, data: BootData) {
  queryClient.setQueryData(systemStatusQuery().queryKey, data.status);
  if (data.announcements) {
    queryClient.setQueryData(announcementsQuery(data.announcements.language).queryKey, data.announcements.lists);
  }
  if (data.catalogue) {
    const { language, lanes, hotGames, popularGames } = data.catalogue;
    queryClient.setQueryData(gameVendorsQuery(language).queryKey, { data: { lanes } });
    queryClient.setQueryData(hotGamesQuery(language).queryKey, hotGames);
    queryClient.setQueryData(popularGamesQuery(language).queryKey, popularGames);
  }
}
