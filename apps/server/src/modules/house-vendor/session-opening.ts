import type { Settings } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { WalletService } from '../wallet/service.js';
import type { HouseVendor } from './service.js';
import { exchangeTicket } from './sessions.js';

/**
 * A launch ticket spent for a game session of a house game `gameOf` knows, with what every house game page opens
 * on: the balance, the fairness commitment and the currency. The game's own part is the caller's.
 */
export async function openHouseSession<Game>(
  deps: { db: Kysely<Database>; wallet: WalletService; house: HouseVendor },
  request: { merchantCode: string; siteSettings: Settings; body: { ticket: string } },
  gameOf: (gameCode: string) => Game | undefined,
) {
  const session = await exchangeTicket(deps.db, request.merchantCode, request.body.ticket);
  const game = session && gameOf(session.gameCode);
  if (!session || !game) throw new AppError('game.session.invalid');
  const settings = request.siteSettings;
  // The wallet read also hands a trial account its play money on first use.
  const [balance, fairness] = await Promise.all([
    deps.wallet.balance(request.merchantCode, session.memberId, settings),
    deps.house.fairness(request.merchantCode, session.memberId),
  ]);
  const currency = settings.product.currency;
  return {
    game,
    opened: {
      sessionToken: session.sessionToken,
      expiresAt: session.expiresAt.getTime(),
      merchantCode: request.merchantCode,
      balance: balance.balance[0]?.availBalance ?? '0',
      playMoney: balance.playMoney,
      currency: { code: currency.code, symbol: currency.symbol, minorDigits: currency.minorDigits },
      fairness,
    },
  };
}
