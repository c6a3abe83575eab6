import * as raffleRoutes from '@tessera/contract/routes/raffles';
import { apiRequest } from './api-client';

/** `MCS2_claimRafflePromotion`: the winner claims their prize (the raffle's page and the reward centre both call it). */
export const claimRafflePrize = (promotionId: string) => apiRequest(raffleRoutes.claimRafflePromotion, { body: { promotionId } });
