import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import * as favouritesRoutes from '@tessera/contract/routes/favourites';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { favouriteIdsQuery } from './favourite-ids';

const TOGGLE_KEY = ['favourites', 'toggle'];

interface Toggle {
  game: GameItem;
  isFavourite: boolean;
}

/**
 * Stars or un-stars a game. The star changes at once (optimistic) and goes back if the server refuses; the
 * server's answer (the ids after the change) then replaces the guess, and the /fav pages refetch.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const token = useSession((state) => state.token);
  const idsKey = favouriteIdsQuery(token).queryKey;
  return useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: ({ game, isFavourite }: Toggle) =>
      isFavourite
        ? apiRequest(favouritesRoutes.addFavourite, {
            body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
          })
        : apiRequest(favouritesRoutes.removeFavourite, { query: { nodeId: game.nodeId } }),
    onMutate: async ({ game, isFavourite }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const before = queryClient.getQueryData(idsKey);
      const id = String(game.nodeId);
      queryClient.setQueryData(idsKey, (ids = []) =>
        isFavourite ? [id, ...ids.filter((each) => each !== id)] : ids.filter((each) => each !== id),
      );
      return { before };
    },
    onError: (_error, _toggle, context) => queryClient.setQueryData(idsKey, context?.before),
    // With other toggles still on their way, this answer is already out of date: the last one to land decides.
    onSuccess: (value) => {
      if (queryClient.isMutating({ mutationKey: TOGGLE_KEY }) === 1) queryClient.setQueryData(idsKey, value.list);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['favourites', 'games'] }),
  });
}
