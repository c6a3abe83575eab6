import { useLocation } from 'react-router';
import { RecentGamesStrip } from '../../favourites/components/recent-games-strip';
import { LobbyScreen } from '../components/lobby-screen';
import { LOBBIES } from '../lobby-config';

/** The slot-style lobby group: /rng, /hot, /jlrng (JILI) and /pgrng (PG). */
export function Screen() {
  const { pathname } = useLocation();
  const config = LOBBIES[pathname] ?? LOBBIES['/rng'];
  // Each route is its own screen: the search box starts from that lobby's URL.
  return config ? (
    <LobbyScreen key={pathname} config={config} header={pathname === '/rng' ? <RecentGamesStrip /> : undefined} />
  ) : null;
}
