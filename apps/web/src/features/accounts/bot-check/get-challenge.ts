import * as botCheckRoutes from '@tessera/contract/routes/bot-check';
import { apiRequest } from '../../../lib/api-client';

export const getBotCheckChallenge = (signal?: AbortSignal) => apiRequest(botCheckRoutes.getBotCheckChallenge, { signal });
