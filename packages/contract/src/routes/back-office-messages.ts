import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's messages to players (the inbox) and the mail and SMS deliveries with their dead letters. */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** Who a message goes to: named accounts, one VIP level, an agent's whole downline, or every player. */
export const MESSAGE_AUDIENCES = ['members', 'vip', 'downline', 'all'] as const;
/** The most accounts one message names. */
export const MESSAGE_ACCOUNTS_MAX = 1000;
export const DELIVERY_STATES = ['sending', 'retrying', 'sent', 'dead'] as const;
export const DELIVERY_CHANNELS = ['mail', 'sms'] as const;

export const messageList = {
  id: 'bo.messages.list',
  method: 'GET',
  path: '/bo/api/messages',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const messageSend = {
  id: 'bo.messages.send',
  method: 'POST',
  path: '/bo/api/messages',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const messageWithdraw = {
  id: 'bo.messages.withdraw',
  method: 'POST',
  path: '/bo/api/messages/withdraw',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const deliveryList = {
  id: 'bo.deliveries.list',
  method: 'GET',
  path: '/bo/api/deliveries',
  auth: 'staff',
  permission: 'players.pii',
} as const satisfies BackOfficeRoute;

export const deliveryRetry = {
  id: 'bo.deliveries.retry',
  method: 'POST',
  path: '/bo/api/deliveries/retry',
  auth: 'staff',
  permission: 'players.pii',
} as const satisfies BackOfficeRoute;
