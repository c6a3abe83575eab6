import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { GameCard, useGameCardShared, useOpenGame } from '../../catalogue/components/game-card';
import { recentGamesQuery } from '../api/recent-games';
import { useFavouritesFeature } from '../use-favourites-feature';
import { FavouriteToggle } from './favourite-toggle';

/**
 * "Recently played" above a lobby: shown only to a member who has launched games (GAMELOREC3 on). It is an
 * extra, so while it loads or if it fails the lobby simply shows without it.
 */
export function RecentGamesStrip() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const feature = useFavouritesFeature();
  const token = useSession((state) => state.token);
  const openGame = useOpenGame();
  const shared = useGameCardShared();
  const recent = useQuery({ ...recentGamesQuery(token, i18n.language), enabled: feature.recent && token !== null });
  if (!feature.recent || token === null || !recent.data?.length) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-base font-semibold text-slate-100">
        {t('favourites.recent_title')}
      </h2>
      <ul className="-mx-3 flex snap-x gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0">
        {recent.data.map((game) => (
          <li key={game.nodeId} className="w-28 shrink-0 snap-start sm:w-32">
            <GameCard game={game} onOpen={openGame} action={<FavouriteToggle game={game} />} shared={shared} />
          </li>
        ))}
      </ul>
    </section>
  );
}
