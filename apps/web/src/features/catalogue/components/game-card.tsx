import type { GameItem } from '@tessera/contract/api/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { imageUrl } from '../../../lib/image-loader';
import { useModals } from '../../../lib/modal-store';
import { useSession } from '../../../lib/session';
import { useSystemStatus } from '../../../lib/system-status';
import { LazyImage } from '../../../ui/lazy-image';
import { lotteryHref } from '../lottery-routes';

/**
 * Spec §4 game launch: a visitor is asked to log in; a lottery goes to its lottery route, every other game to
 * the game route; the route launches it.
 */
export function useOpenGame() {
  const token = useSession((state) => state.token);
  const open = useModals((state) => state.open);
  const navigate = useNavigate();
  return (game: GameItem) => {
    if (token === null) {
      open('login', {});
      return;
    }
    const lottery = lotteryHref(game, game);
    if (lottery) {
      void navigate(lottery);
      return;
    }
    const params = new URLSearchParams({
      nodeId: String(game.nodeId),
      vassalage: game.vassalage,
      gameId: game.gameId,
      name: game.gameName,
    });
    void navigate(`/game?${params}`);
  };
}

/**
 * What every card of a list shares, read once by the list: a hook per card (the status query, the translator)
 * made each card a subscription of its own, dozens on the home page and hundreds in a lobby.
 */
export interface GameCardShared {
  imageCDNs: readonly string[];
  labels: { hot: string; maintenance: string };
}

export function useGameCardShared(): GameCardShared {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  return { imageCDNs: info.imageCDNs, labels: { hot: t('lobby.hot'), maintenance: t('lobby.maintenance') } };
}

/** `action` sits on the picture's corner beside (not inside) the card's button, e.g. the favourite star. */
export function GameCard({
  game,
  onOpen,
  action,
  shared: { imageCDNs, labels },
}: {
  game: GameItem;
  onOpen: (game: GameItem) => void;
  action?: ReactNode;
  shared: GameCardShared;
}) {
  const isMaintenance = game.status === 'maintenance';
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => onOpen(game)}
        disabled={isMaintenance}
        className="group flex w-full flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900 text-start transition-colors hover:border-amber-400/60 focus-visible:outline-2 focus-visible:outline-amber-300 disabled:opacity-60"
      >
        <span className="relative block">
          <LazyImage src={imageUrl(game.iconUrl, imageCDNs)} alt="" className="aspect-square w-full" />
          {game.isHot && (
            <span className="absolute top-1.5 start-1.5 rounded bg-rose-600 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
              {labels.hot}
            </span>
          )}
          {isMaintenance && (
            <span className="absolute inset-x-0 bottom-0 bg-slate-950/80 py-1 text-center text-xs text-amber-300">
              {labels.maintenance}
            </span>
          )}
        </span>
        <span className="flex flex-col px-2 py-1.5">
          <span className="truncate text-sm font-semibold text-slate-100">{game.gameName}</span>
          <span className="truncate text-xs text-slate-400">{game.displayName}</span>
        </span>
      </button>
      {action && <div className="absolute top-1 end-1">{action}</div>}
    </div>
  );
}

export function GameGrid({
  games,
  onOpen,
  renderAction,
}: {
  games: GameItem[];
  onOpen: (game: GameItem) => void;
  renderAction?: (game: GameItem) => ReactNode;
}) {
  const shared = useGameCardShared();
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 md:grid-cols-5 xl:grid-cols-6">
      {games.map((game) => (
        <li key={game.nodeId}>
          <GameCard game={game} onOpen={onOpen} action={renderAction?.(game)} shared={shared} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder tiles while a list loads (same grid, so nothing jumps when the games arrive). */
export function GameGridSkeleton({ count = 12 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t('app.screen_loading')}</span>
      <ul aria-hidden="true" className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 md:grid-cols-5 xl:grid-cols-6">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={index} className="overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
            <div className="aspect-square animate-pulse bg-slate-800" />
            <div className="m-2 h-3 w-3/4 animate-pulse rounded bg-slate-800" />
          </li>
        ))}
      </ul>
    </div>
  );
}
