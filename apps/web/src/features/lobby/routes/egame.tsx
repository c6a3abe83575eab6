import type { ParseKeys } from 'i18next';
import { useLocation } from 'react-router';
import { LobbyScreen } from '../components/lobby-screen';

/** The slot-style lobby shared by /rng, /hot, /fav, /jlrng (JILI) and /pgrng (PG). */
const TITLES: Record<string, ParseKeys> = {
  '/rng': 'routes.rng',
  '/hot': 'routes.hot',
  '/fav': 'routes.fav',
  '/jlrng': 'routes.jlrng',
  '/pgrng': 'routes.pgrng',
};

export function Screen() {
  const { pathname } = useLocation();
  return <LobbyScreen titleKey={TITLES[pathname] ?? 'routes.rng'} />;
}
