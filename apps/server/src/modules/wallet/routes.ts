import { getBalance, getConsolidatedFunds, getMerchantWallet, walletTransfer } from '@tessera/contract/api/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { VendorTransfers } from '../games/adapters/transfer-wallet.js';
import { configuredAdapters } from '../games/vendors.js';
import { WalletService } from './service.js';

export const memberOf = (request: FastifyRequest) => {
  if (!request.session) throw new AppError('login.not.session');
  return request.session.memberId;
};

/** Balance, consolidated funds, wallet mode and wallet transfers (spec §7.2). */
export function walletRoutes(app: FastifyInstance, services: AppServices) {
  const wallet = new WalletService(services.db, new VendorTransfers(services.db, configuredAdapters(services)));
  registerCall(app, services, getBalance, async (request) =>
    wallet.balance(request.merchantCode, memberOf(request), request.siteSettings),
  );
  registerCall(app, services, getConsolidatedFunds, async (request) =>
    wallet.consolidated(request.merchantCode, memberOf(request), request.siteSettings),
  );
  registerRelay(app, services, getMerchantWallet, async (request) =>
    wallet.merchantWallet(request.merchantCode, request.siteSettings),
  );
  registerRelay(app, services, walletTransfer, async (request) =>
    wallet.transfer(request.merchantCode, memberOf(request), request.siteSettings, request.body),
  );
}
