import type { VendorEndpoint } from '../../../platform/config.js';
import type { SiteSettingsService } from '../../site-settings/service.js';
import type { LaunchRequest, LaunchUrl, VendorAdapter, VendorTransfer, VendorTransferWallet } from '../vendor.js';
import { VendorUnreachable } from '../vendor.js';
import { callTestVendor } from './test-vendor-api.js';

/** TESTV's catalogue vendor code (apps/test-vendor/catalogue.json). */
export const TEST_VENDOR = 'TESTV';

/**
 * The worked example of a third-party adapter (README "Adding a third-party vendor"): launch through the
 * vendor's signed launch API, wallet callbacks in test-vendor-callbacks.ts, transfer mode through its
 * deposit / withdraw / status calls. The vendor knows players by member id only, never by site token.
 */
export function testVendorAdapter(endpoint: VendorEndpoint, siteSettings: SiteSettingsService): VendorAdapter {
  const operatorOf = async (merchant: string) => {
    const settings = await siteSettings.cached(merchant);
    if (!settings) throw new Error(`merchant ${merchant} has no settings`);
    return settings;
  };

  const move = async (path: string, transfer: VendorTransfer) => {
    const answer = await callTestVendor(endpoint, path, {
      operatorId: transfer.merchant,
      playerId: transfer.memberId.toString(),
      transferId: transfer.transferId,
      amount: transfer.amount.toString(),
      currency: transfer.currency,
    });
    if (answer.status === 'OK') return 'done' as const;
    if (answer.status === 'INSUFFICIENT_FUNDS') return 'refused' as const;
    // Anything else (a conflict, a signature or request error) is a fault to investigate, not a refusal.
    throw new VendorUnreachable(`TESTV ${path}: ${answer.status}`);
  };

  const transferWallet: VendorTransferWallet = {
    deposit: (transfer) => move('/api/transfer/deposit', transfer),
    withdraw: (transfer) => move('/api/transfer/withdraw', transfer),
    async status(merchant, transferId) {
      const answer = await callTestVendor(endpoint, '/api/transfer/status', { operatorId: merchant, transferId });
      if (answer.status === 'TX_NOT_FOUND') return 'unknown';
      const state = (answer.transfer as { state?: string } | undefined)?.state;
      if (answer.status === 'OK' && (state === 'done' || state === 'refused')) return state;
      throw new VendorUnreachable(`TESTV status: ${answer.status}`);
    },
    async balance(merchant, memberId) {
      const answer = await callTestVendor(endpoint, '/api/transfer/balance', {
        operatorId: merchant,
        playerId: memberId.toString(),
      });
      if (answer.status !== 'OK' || typeof answer.balance !== 'string')
        throw new VendorUnreachable(`TESTV balance: ${answer.status}`);
      return BigInt(answer.balance);
    },
  };

  return {
    vassalages: [TEST_VENDOR],
    playMoney: false,
    transferWallet,
    async launchUrl(request: LaunchRequest): Promise<LaunchUrl> {
      const settings = await operatorOf(request.merchant);
      const answer = await callTestVendor(endpoint, '/api/launch', {
        operatorId: request.merchant,
        playerId: request.memberId.toString(),
        gameCode: request.gameCode,
        language: request.language,
        platform: request.platform,
        currency: settings.product.currency.code,
        walletMode: settings.wallet.isSingle ? 'seamless' : 'transfer',
      }).catch(() => null);
      // An unreachable or refusing vendor is the launch's "vendor unavailable", not a server error.
      return { gameUrl: answer?.status === 'OK' && typeof answer.url === 'string' ? answer.url : '' };
    },
  };
}
