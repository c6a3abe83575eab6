/**
 * The web app's page routes (spec 2.1, with /login, /resetPassword, /download and /feedback): the web's route
 * table serves exactly these (apps/web/src/app/router.test.ts holds them equal), and the server answers them with
 * the app and 200, any other page path with the same app, which shows its not-found page, and 404.
 */
export const SITE_PATHS = [
  '/',
  '/index',
  '/register',
  '/register.html',
  '/login',
  '/resetPassword',
  '/noticePage',
  '/vip',
  '/sports',
  '/esports',
  '/rng',
  '/hot',
  '/fav',
  '/jlrng',
  '/pgrng',
  '/live',
  '/pvp',
  '/fish',
  '/promotions',
  '/promoDetail',
  '/help',
  '/down',
  '/download',
  '/join',
  '/feedback',
  '/pointMall',
  '/lottery',
  '/vnlottery',
  '/seaLottery',
  '/elott',
  '/seamless',
  '/game',
  '/helpmc',
] as const;

export type SitePath = (typeof SITE_PATHS)[number];

/** The paths that show the home page: itself, and the popups the route table opens over it. */
export const HOME_SCREEN_PATHS = [
  '/',
  '/index',
  '/register',
  '/register.html',
  '/login',
  '/resetPassword',
] as const satisfies readonly SitePath[];

/** React Router matches a path whatever its case and with or without a trailing slash; so does this. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

const KNOWN = new Set<string>(SITE_PATHS.map(normalise));

export const isSitePath = (pathname: string): boolean => KNOWN.has(normalise(pathname));

const HOME = new Set<string>(HOME_SCREEN_PATHS.map(normalise));

export const showsHomeScreen = (pathname: string): boolean => HOME.has(normalise(pathname));
