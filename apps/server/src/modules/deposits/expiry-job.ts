import type { JobContext } from '../jobs/service.js';
import type { DepositsService } from './service.js';

/** The handler of DEPOSIT_EXPIRY_JOB (gateway-orders.ts): expires the order if it is still unpaid, else nothing. */
export function expiryJob(deposits: DepositsService) {
  return async ({ trx, payload }: JobContext) => {
    await deposits.expireIn(trx, String(payload.merchant), BigInt(String(payload.orderId)));
  };
}
