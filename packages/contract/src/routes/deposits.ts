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
