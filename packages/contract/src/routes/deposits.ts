import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/deposits.ts, as plain data the browser imports without the schema
 * library (`import * as depositsRoutes from '@tessera/contract/routes/deposits'`; unused routes drop out of the bundle).
 */

export const listDepositChannels = {
  id: 'deposit.channels',
  method: 'GET',
  path: '/wps/deposit/channels',
  auth: 'token',
} as const satisfies CallRoute;

export const createDeposit = {
  id: 'deposit.create',
  method: 'POST',
  path: '/wps/deposit/orders',
  auth: 'token',
} as const satisfies CallRoute;

export const listDepositOrders = {
  id: 'deposit.orders',
  method: 'GET',
  path: '/wps/deposit/orders',
  auth: 'token',
} as const satisfies CallRoute;

export const getDepositOrder = {
  id: 'deposit.order',
  method: 'GET',
  path: '/wps/deposit/order',
  auth: 'token',
} as const satisfies CallRoute;

export const uploadDepositProof = {
  id: 'deposit.proof',
  method: 'PUT',
  path: '/wps/deposit/proof',
  auth: 'token',
} as const satisfies CallRoute;

/**
 * The channel logos the web app ships (apps/web/public/channel-logos/<name>.svg, drawn for this project). A channel
 * names one, or shows the logo of its kind (CHANNEL_KIND_LOGOS).
 */
export const CHANNEL_LOGOS = ['bank', 'mobile-wallet', 'card', 'qr', 'instant', 'coins'] as const;
export type ChannelLogo = (typeof CHANNEL_LOGOS)[number];
export const CHANNEL_KIND_LOGOS = { bank: 'bank', ewallet: 'mobile-wallet', instant: 'instant' } as const satisfies Record<
  string,
  ChannelLogo
>;
