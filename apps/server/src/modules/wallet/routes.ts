import { getBalance, getConsolidatedFunds, getMerchantWallet, walletTransfer } from '@tessera/contract/api/wallet';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import { memberOf } from '../../http/request-context.js';
import type { WalletService } from './service.js';

/** Balance, consolidated funds, wallet mode and wallet transfers (spec §7.2). */
export function walletRoutes(app: FastifyInstance, http: HttpContext, { wallet }: { wallet: WalletService }) {
  registerCall(app, http, getBalance, async (request) =>
    wallet.balance(request.merchantCode, memberOf(request), request.siteSettings),
  );
  registerCall(app, http, getConsolidatedFunds, async (request) =>
    wallet.consolidated(request.merchantCode, memberOf(request), request.siteSettings),
  );
  registerRelay(app, http, getMerchantWallet, async (request) =>
    wallet.merchantWallet(request.merchantCode, request.siteSettings),
  );
  registerRelay(app, http, walletTransfer, async (request) =>
    wallet.transfer(request.merchantCode, memberOf(request), request.siteSettings, request.body),
  );
}
