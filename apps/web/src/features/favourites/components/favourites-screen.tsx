import { useInfiniteQuery } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../../lib/api-client';
import { useModals } from '../../../lib/modal-store';
import { useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { GameGrid, GameGridSkeleton, useOpenGame } from '../../catalogue/components/game-card';
import { favouriteGamesQuery } from '../api/favourite-games';
import { useFavouritesFeature } from '../use-favourites-feature';
import { FavouriteToggle } from './favourite-toggle';

const renderFavouriteToggle = (game: GameItem) => <FavouriteToggle game={game} />;

function FavouriteGames({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const openGame = useOpenGame();
  const games = useInfiniteQuery(favouriteGamesQuery(token, i18n.language));
  if (games.isPending) return <GameGridSkeleton count={6} />;
  if (games.data === undefined) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-800 px-6 py-10 text-center">
        <p role="alert">{t(errorMessageKey(games.error))}</p>
        <Button variant="secondary" onClick={() => void games.refetch()}>
          {t('app.boot.retry')}
        </Button>
      </div>
    );
  }
  const list = games.data.pages.flatMap((page) => page.content);
  const total = games.data.pages.at(-1)?.total ?? list.length;
  if (list.length === 0) {
    return (
      <EmptyState
        title={t('lobby.fav_empty')}
        text={t('favourites.empty_text')}
        action={
          <Link to="/rng" className={buttonClass('secondary')}>
            {t('favourites.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-400" aria-live="polite">
        {t('lobby.count', { shown: list.length, total })}
      </p>
      <GameGrid games={list} onOpen={openGame} renderAction={renderFavouriteToggle} />
      {games.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void games.fetchNextPage()}
          disabled={games.isFetchingNextPage}
        >
          {games.isFetchingNextPage ? t('lobby.loading_more') : t('lobby.load_more')}
        </Button>
      )}
      {games.isFetchNextPageError && <p role="alert">{t(errorMessageKey(games.error))}</p>}
    </div>
  );
}

/** /fav (spec 2.1): the member's favourite games, newest first; a visitor is offered the login popup. */
export function Screen() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const open = useModals((state) => state.open);
  const feature = useFavouritesFeature();
  let body: ReactNode;
  if (!feature.favourites) body = <EmptyState title={t('errors.function_not_available')} />;
  else if (token === null) {
    body = (
      <EmptyState
        title={t('lobby.fav_login')}
        action={<Button onClick={() => open('login', {})}>{t('shell.header.login')}</Button>}
      />
    );
  } else body = <FavouriteGames token={token} />;
  return <Page title={t('routes.fav')}>{body}</Page>;
}
