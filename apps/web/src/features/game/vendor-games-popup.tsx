import { useInfiniteQuery } from '@tanstack/react-query';
import type { GameItem, VendorCard } from '@tessera/contract/api/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { gameListQuery } from '../catalogue/api/get-game-list';
import { CATEGORY_ROUTES } from '../catalogue/categories';
import { GameGrid, GameGridSkeleton, useOpenGame } from '../catalogue/components/game-card';

/**
 * Spec §3/§4: a vendor whose isGame is VASSALAGE opens this list of its games; choosing one launches it (the
 * usual launch path: login check, lottery route or /game). "All games" stores the vendor in the lobby's URL.
 */
export function VendorGamesPopup({ onClose, vendor }: { onClose: () => void; vendor: VendorCard }) {
  const { t, i18n } = useTranslation();
  const openGame = useOpenGame();
  const games = useInfiniteQuery(
    gameListQuery({ vassalage: vendor.vassalage, gameType: vendor.gameType, language: i18n.language }),
  );
  const lobby = `${CATEGORY_ROUTES[vendor.gameType].path}?vendor=${encodeURIComponent(vendor.vassalage)}`;
  const handleOpen = (game: GameItem) => {
    onClose();
    openGame(game);
  };

  let body: ReactNode;
  if (games.isPending) body = <GameGridSkeleton count={6} />;
  else if (games.data === undefined) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t(errorMessageKey(games.error))}</p>
        <Button variant="secondary" onClick={() => void games.refetch()}>
          {t('app.boot.retry')}
        </Button>
      </div>
    );
  } else {
    const list = games.data.pages.flatMap((page) => page.content);
    body =
      list.length === 0 ? (
        <EmptyState title={t('lobby.empty_title')} />
      ) : (
        <div className="flex flex-col gap-3">
          <GameGrid games={list} onOpen={handleOpen} />
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
        </div>
      );
  }

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={vendor.displayName}
      closeLabel={t('modal.close')}
      width={720}
    >
      <div className="flex flex-col gap-4 overflow-y-auto" data-testid="vendor-games">
        {body}
        <Link to={lobby} onClick={onClose} className="self-start text-sm text-amber-300 hover:underline">
          {t('lottery_launch.all_games', { vendor: vendor.displayName })}
        </Link>
      </div>
    </Dialog>
  );
}
