import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { withChunkTimeout } from '../lib/lazy-chunk';
import type { LayoutVariant } from './layouts/app-layout';
import { RootShell, RouteError } from './root-shell';
import type { RouteHandle } from './route-popups';

type ScreenModule = Promise<{ Screen: ComponentType }>;
/** One lazy chunk per screen group of spec 2.1, failing after the spec's 120-second chunk timeout. */
const screen = (load: () => ScreenModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await withChunkTimeout(load())).Screen }),
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
    children: [
      { path: '/', element: <RedirectHome /> },
      layout('full', [
        { path: '/index', ...screen(home) },
        // The home page with a popup name: the login/register features open it (and keep the query's affiliate code).
        { path: '/register', ...screen(home), handle: { popup: 'register' } satisfies RouteHandle },
        { path: '/register.html', ...screen(home), handle: { popup: 'register' } satisfies RouteHandle },
        { path: '/login', ...screen(home), handle: { popup: 'login' } satisfies RouteHandle },
        { path: '/resetPassword', ...screen(home), handle: { popup: 'resetPassword' } satisfies RouteHandle },
        { path: '/noticePage', ...screen(() => import('../features/notices/notice-page')) },
        { path: '/vip', ...screen(() => import('../features/vip/vip-screen')) },
        { path: '/sports', ...screen(() => import('../features/lobby/routes/sports')) },
        { path: '/esports', ...screen(() => import('../features/lobby/routes/esports')) },
        { path: '/rng', ...screen(egame) },
        { path: '/hot', ...screen(egame) },
        { path: '/fav', ...screen(() => import('../features/favourites/components/favourites-screen')) },
        { path: '/jlrng', ...screen(egame) },
        { path: '/pgrng', ...screen(egame) },
        { path: '/live', ...screen(() => import('../features/lobby/routes/live')) },
        { path: '/pvp', ...screen(() => import('../features/lobby/routes/pvp')) },
        { path: '/fish', ...screen(() => import('../features/lobby/routes/fish')) },
        { path: '/promotions', ...screen(() => import('../features/promotions/promotions-screen')) },
        { path: '/promoDetail', ...screen(() => import('../features/promotions/promo-detail-screen')) },
        { path: '/help', ...screen(() => import('../features/help/help-screen')) },
        { path: '/down', ...screen(() => import('../features/download/download-screen')) },
        { path: '/download', ...screen(() => import('../features/download/download-screen')) },
        { path: '/join', ...screen(() => import('../features/join/join-screen')) },
        { path: '/feedback', ...screen(() => import('../features/feedback/feedback-screen')) },
        { path: '*', ...screen(() => import('./not-found')) },
      ]),
      layout('no-side-menu', [{ path: '/pointMall', ...screen(() => import('../features/point-mall/point-mall-screen')) }]),
      layout('header-only', [
        { path: '/lottery', ...screen(() => import('../features/game/routes/lottery')) },
        { path: '/vnlottery', ...screen(() => import('../features/game/routes/vnlottery')) },
        { path: '/seaLottery', ...screen(() => import('../features/game/routes/sea-lottery')) },
        // The electronic lottery opens its game in a frame like the other lottery routes: header only.
        { path: '/elott', ...screen(() => import('../features/game/routes/elott')) },
        { path: '/seamless', ...screen(() => import('../features/lobby/routes/seamless')) },
        { path: '/game', ...screen(() => import('../features/game/game-screen')) },
      ]),
      layout('no-header', [{ path: '/helpmc', ...screen(() => import('../features/help/help-centre-screen')) }]),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
