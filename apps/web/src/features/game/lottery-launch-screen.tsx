import { useQuery } from '@tanstack/react-query';
import type { GameItem, MenuVendor } from '@tessera/contract/api/catalogue';
import type { LotteryPrizeMode } from '@tessera/contract/api/lottery';
import type { GameCategory } from '@tessera/contract/catalogue/categories';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { type LotteryPath, lotteryPathOf } from '../catalogue/lottery-routes';
import { lotteryMenusQuery } from './api/get-lottery-menus';
import { lotteryLaunchQuery } from './api/launch-lottery';
import { LaunchOutcome, LoginNeeded } from './game-screen';

interface Variant {
  titleKey: ParseKeys;
  category: GameCategory;
  /** The game class the route stands for, preferred when choosing the first game. */
  classify?: string;
}

const VARIANTS: Record<LotteryPath, Variant> = {
  '/lottery': { titleKey: 'routes.lottery', category: 'LOTT' },
  '/vnlottery': { titleKey: 'routes.vnlottery', category: 'LOTT', classify: 'VN_LOTTERY' },
  '/seaLottery': { titleKey: 'routes.sea_lottery', category: 'LOTT', classify: 'SEA_LOTTERY' },
  '/elott': { titleKey: 'routes.elott', category: 'ELOTT' },
};

/** Spec §3 product prizeModes and lottoArea by the game chosen: the class names the lottery, else the merchant's type. */
const prizeModeOf = (category: GameCategory, game: GameItem): LotteryPrizeMode =>
  category === 'ELOTT' ? 'Elott' : game.classify === 'SEA_LOTTERY' ? 'SEA' : 'Lott';
const areaOf = (game: GameItem, lotteryType: string) =>
  game.classify === 'VN_LOTTERY' ? 'VN' : game.classify === 'SEA_LOTTERY' ? 'SEA' : lotteryType;

const belongsHere = (path: LotteryPath, variant: Variant, vendor: MenuVendor) =>
  lotteryPathOf({ gameType: variant.category, accountTypeName: vendor.accountTypeName }) === path ||
  (variant.classify !== undefined && vendor.games.some((game) => game.classify === variant.classify));

interface Choice {
  vendor: MenuVendor;
  game: GameItem;
  /** The vendor's own route when it is not this one (e.g. a TCG_LOTTO_VN vendor reached through /lottery). */
  redirect: LotteryPath | null;
}

/**
 * Spec §4 "choosing lottery types launches the first game directly": the vendor named in the URL (else the first
 * of this route), the game named by gameCode (else the first of the route's class, else the vendor's first).
 */
function choose(path: LotteryPath, variant: Variant, vendors: MenuVendor[], params: URLSearchParams): Choice | null {
  const named = vendors.find((vendor) => vendor.vassalage === params.get('vendor'));
  const vendor = named ?? vendors.find((candidate) => belongsHere(path, variant, candidate));
  if (!vendor) return null;
  const games = vendor.games;
  const game =
    games.find((candidate) => candidate.gameId === params.get('gameCode')) ??
    games.find((candidate) => candidate.classify === variant.classify) ??
    games[0];
  if (!game) return null;
  const own = lotteryPathOf({ gameType: variant.category, accountTypeName: vendor.accountTypeName });
  return { vendor, game, redirect: own && own !== path && !belongsHere(path, variant, vendor) ? own : null };
}

function Launch({ choice, variant, view }: { choice: Choice; variant: Variant; view: 'betting' | 'lobby' }) {
  const { i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const { product } = useSystemStatus();
  const launch = useQuery(
    lotteryLaunchQuery(token, {
      gameId: choice.game.gameId,
      vassalage: choice.vendor.vassalage,
      nodeId: choice.game.nodeId,
      lottoArea: areaOf(choice.game, product.brand.lotteryType),
      lottoPrizeMode: prizeModeOf(variant.category, choice.game),
      lottoView: view,
      language: i18n.language,
      device: product.device,
      backUrl: `${window.location.origin}/index`,
    }),
  );
  return <LaunchOutcome launch={launch} title={choice.game.gameName} />;
}

/**
 * /lottery, /vnlottery, /seaLottery and /elott (spec 2.1, §3 lottery lobby launch): the route picks the vendor and
 * game, launches it in lottery mode (bet slip of `gameCode` when given, else the lottery's lobby) and shows it in
 * the same frame as /game. Without a lottery vendor the route says so honestly.
 */
export function LotteryLaunchScreen({ path }: { path: LotteryPath }) {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const [params] = useSearchParams();
  const variant = VARIANTS[path];
  const menus = useQuery(lotteryMenusQuery(variant.category, i18n.language));

  if (menus.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <Spinner />
        <span className="sr-only">{t('app.screen_loading')}</span>
      </div>
    );
  }
  if (menus.isError) {
    return (
      <Page title={t(variant.titleKey)}>
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-rose-200">{t(errorMessageKey(menus.error))}</p>
          <Button onClick={() => void menus.refetch()}>{t('app.boot.retry')}</Button>
        </div>
      </Page>
    );
  }
  const choice = choose(path, variant, menus.data, params);
  if (!choice) {
    return (
      <Page title={t(variant.titleKey)}>
        <EmptyState
          title={t('lobby.empty_title')}
          text={t('lobby.empty_text')}
          action={
            <Link to="/index" className={buttonClass('secondary')}>
              {t('lobby.back_home')}
            </Link>
          }
        />
      </Page>
    );
  }
  if (choice.redirect) return <Navigate to={{ pathname: choice.redirect, search: `?${params}` }} replace />;
  // The first game launched from a category is named in the URL as if it had been chosen (spec §2.1: gameCode and
  // playType only when it has both), so a reload or a shared link opens the same game and view.
  const { gameId, defaultPlayType } = choice.game;
  if (params.get('gameCode') !== gameId && defaultPlayType) {
    const named = new URLSearchParams({ vendor: choice.vendor.vassalage, gameCode: gameId, playType: defaultPlayType });
    return <Navigate to={{ pathname: path, search: `?${named}` }} replace />;
  }
  if (token === null) return <LoginNeeded title={t(variant.titleKey)} />;
  // gameCode and playType open that game's bet slip; a game without a play type opens the lottery's own lobby.
  const view = params.get('gameCode') === gameId && params.get('playType') ? 'betting' : 'lobby';
  return (
    <Launch key={`${choice.vendor.vassalage}/${choice.game.gameId}/${view}`} choice={choice} variant={variant} view={view} />
  );
}
