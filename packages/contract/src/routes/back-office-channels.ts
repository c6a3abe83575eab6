import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * The back office's deposit channels (api/back-office-channels.ts): each way a player pays in, with its payment
 * provider, limits, fee, currency and place in the player's list. Channels are the merchant's configuration, so
 * they need the settings permission.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };
const call = <const R extends BackOfficeRoute>(route: R) => route;

export const channels = call({
  id: 'bo.channels',
  method: 'GET',
  path: '/bo/api/channels',
  auth: 'staff',
  permission: 'settings.edit',
});

export const channelSave = call({
  id: 'bo.channels.save',
  method: 'POST',
  path: '/bo/api/channels/save',
  auth: 'staff',
  permission: 'settings.edit',
});

/** Channel kinds: a bank or e-wallet transfer staff reconcile by hand, or a payment provider's gateway. */
export const CHANNEL_KINDS = ['bank', 'ewallet', 'instant'] as const;

/** Who sees a channel by their deposits: everyone, only a member with no credited deposit, or only one with one. */
export const DEPOSIT_HISTORIES = ['any', 'first', 'repeat'] as const;

/** The payout account type a gateway channel also pays withdrawals to (none: deposits only). */
export const PAYOUT_ACCOUNT_TYPES = ['bank', 'ewallet'] as const;
