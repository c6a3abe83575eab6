import type { GameItem } from '@tessera/contract/api/catalogue';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { useModals } from '../../../lib/modal-store';
import { useSession } from '../../../lib/session';
import { useFavouriteIds } from '../api/favourite-ids';
import { useToggleFavourite } from '../api/toggle-favourite';
import { useFavouritesFeature } from '../use-favourites-feature';

/** How long a refused change explains itself beside the star. */
const ERROR_VISIBLE_MS = 4000;

function StarIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path strokeLinejoin="round" d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
    </svg>
  );
}

/**
 * The star on a game card: pressed when the game is a favourite. A visitor is asked to log in first (spec §4:
 * logged in is judged by the token); the operator can switch favourites off (GAMELOFAV3).
 */
export function FavouriteToggle({ game }: { game: GameItem }) {
  const { t } = useTranslation();
  const feature = useFavouritesFeature();
  const token = useSession((state) => state.token);
  const openModal = useModals((state) => state.open);
  const ids = useFavouriteIds(feature.favourites);
  const toggle = useToggleFavourite();
  const [errorKey, setErrorKey] = useState<ParseKeys | null>(null);
  if (!feature.favourites) return null;

  const isFavourite = ids.data?.includes(String(game.nodeId)) ?? false;
  const handleClick = () => {
    if (token === null) {
      openModal('login', {});
      return;
    }
    setErrorKey(null);
    toggle.mutate(
      { game, isFavourite: !isFavourite },
      {
        onError: (error) => {
          setErrorKey(errorMessageKey(error));
          setTimeout(() => setErrorKey(null), ERROR_VISIBLE_MS);
        },
      },
    );
  };
  return (
    <span className="relative block">
      <button
        type="button"
        onClick={handleClick}
        aria-pressed={isFavourite}
        aria-label={t('favourites.toggle_label', { name: game.gameName })}
        title={t('favourites.toggle_label', { name: game.gameName })}
        className={`flex size-9 items-center justify-center rounded-full bg-slate-950/70 backdrop-blur-sm transition-colors hover:bg-slate-950/90 focus-visible:outline-2 focus-visible:outline-amber-300 ${isFavourite ? 'text-amber-300' : 'text-slate-200'}`}
      >
        <StarIcon isFilled={isFavourite} />
      </button>
      {errorKey && (
        <span
          role="alert"
          className="absolute end-0 top-full z-10 mt-1 w-40 rounded-md bg-rose-700 px-2 py-1 text-xs text-white shadow-lg"
        >
          {t(errorKey)}
        </span>
      )}
    </span>
  );
}
