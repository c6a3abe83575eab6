import type { SitePath } from '@tessera/contract/site-routes';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { withChunkTimeout } from '../lib/lazy-chunk';
import type { TitleHandle } from './document-title';
import type { LayoutVariant } from './layouts/app-layout';
import { RootShell, RouteError, RouteLoading } from './root-shell';
import type { RouteHandle, RoutePopup } from './route-popups';

type ScreenModule = Promise<{ Screen: ComponentType }>;
/** One lazy chunk per screen group of spec 2.1, failing after the spec's 120-second chunk timeout. */
const screen = (load: () => ScreenModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await withChunkTimeout(load())).Screen }),
});

/**
 * A page of the site: its path one of the paths the server knows (SITE_PATHS), its title's key, and the popup
 * it opens over the home page, if any.
 */
const page = (path: SitePath, load: () => ScreenModule, title: ParseKeys, popup?: RoutePopup): RouteObject => ({
  path,
  ...screen(load),
  handle: { title, ...(popup && { popup }) } satisfies RouteHandle & TitleHandle,
});

const home = () => import('../features/home/home-screen');
const egame = () => import('../features/lobby/routes/egame');

function RedirectHome() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
}

const LAYOUT_EXPORTS = {
  full: 'FullLayout',
  'no-side-menu': 'NoSideMenuLayout',
  'header-only': 'HeaderOnlyLayout',
  'no-header': 'NoHeaderLayout',
} as const satisfies Record<LayoutVariant, string>;

/** The shell (header, footer, menus) is a lazy chunk too, fetched in parallel with the screen's chunk. */
const layout = (variant: LayoutVariant, children: RouteObject[]): RouteObject => ({
  lazy: async () => ({
    Component: (await withChunkTimeout(import('./layouts/app-layout')))[LAYOUT_EXPORTS[variant]],
  }),
  children,
});

/** The one route table of the site (spec 2.1) with each route's layout variant. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    HydrateFallback: RouteLoading,
    children: [
      { path: '/', element: <RedirectHome /> },
      layout('full', [
        page('/index', home, 'routes.home'),
        // The home page with a popup name: the login/register features open it (and keep the query's affiliate code).
        page('/register', home, 'accounts.register.title', 'register'),
        page('/register.html', home, 'accounts.register.title', 'register'),
        page('/login', home, 'accounts.login.title', 'login'),
        page('/resetPassword', home, 'accounts.reset.title', 'resetPassword'),
        page('/noticePage', () => import('../features/notices/notice-page'), 'routes.notices'),
        page('/vip', () => import('../features/vip/vip-screen'), 'routes.vip'),
        page('/sports', () => import('../features/lobby/routes/sports'), 'routes.sports'),
        page('/esports', () => import('../features/lobby/routes/esports'), 'routes.esports'),
        page('/rng', egame, 'routes.rng'),
        page('/hot', egame, 'routes.hot'),
        page('/fav', () => import('../features/favourites/components/favourites-screen'), 'routes.fav'),
        page('/jlrng', egame, 'routes.jlrng'),
        page('/pgrng', egame, 'routes.pgrng'),
        page('/live', () => import('../features/lobby/routes/live'), 'routes.live'),
        page('/pvp', () => import('../features/lobby/routes/pvp'), 'routes.pvp'),
        page('/fish', () => import('../features/lobby/routes/fish'), 'routes.fish'),
        page('/promotions', () => import('../features/promotions/promotions-screen'), 'routes.promotions'),
        page('/promoDetail', () => import('../features/promotions/promo-detail-screen'), 'routes.promo_detail'),
        page('/help', () => import('../features/help/help-screen'), 'routes.help'),
        page('/down', () => import('../features/download/download-screen'), 'routes.download'),
        page('/download', () => import('../features/download/download-screen'), 'routes.download'),
        page('/join', () => import('../features/join/join-screen'), 'routes.join'),
        page('/feedback', () => import('../features/feedback/feedback-screen'), 'routes.feedback'),
        { path: '*', ...screen(() => import('./not-found')), handle: { title: 'not_found.title' } satisfies TitleHandle },
      ]),
      layout('no-side-menu', [page('/pointMall', () => import('../features/point-mall/point-mall-screen'), 'routes.point_mall')]),
      layout('header-only', [
        page('/lottery', () => import('../features/game/routes/lottery'), 'routes.lottery'),
        page('/vnlottery', () => import('../features/game/routes/vnlottery'), 'routes.vnlottery'),
        page('/seaLottery', () => import('../features/game/routes/sea-lottery'), 'routes.sea_lottery'),
        // The electronic lottery opens its game in a frame like the other lottery routes: header only.
        page('/elott', () => import('../features/game/routes/elott'), 'routes.elott'),
        page('/seamless', () => import('../features/lobby/routes/seamless'), 'routes.seamless'),
        page('/game', () => import('../features/game/game-screen'), 'routes.game'),
      ]),
      layout('no-header', [page('/helpmc', () => import('../features/help/help-centre-screen'), 'routes.help_center')]),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
