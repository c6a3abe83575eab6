import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { WhitelabelNode } from '@tessera/contract/settings';
import { useSystemStatus } from '../../lib/system-status';

/** The operator's whitelabel switches for favourites (GAMELOFAV3) and recent games (GAMELOREC3). */
export function useFavouritesFeature() {
  const { info } = useSystemStatus();
  const tree = info.whitelabel as WhitelabelNode;
  return { favourites: isFeatureEnabled(tree, FEATURES.favouriteGames), recent: isFeatureEnabled(tree, FEATURES.recentGames) };
}
