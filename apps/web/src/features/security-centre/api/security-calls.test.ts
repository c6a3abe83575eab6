import {
  bindPayoutAccount,
  getSecurityOverview,
  setPaymentPassword,
  unbindPayoutAccount,
} from '@tessera/contract/api/security-centre';
import { describe, expect, it } from 'vitest';
import { SECURITY_CALLS } from './security-calls';

const contract = {
  overview: getSecurityOverview,
  paymentPassword: setPaymentPassword,
  bind: bindPayoutAccount,
  unbind: unbindPayoutAccount,
};

describe('security centre call targets', () => {
  it.each(Object.entries(contract))('%s has the method and path of the contract', (name, call) => {
    expect(SECURITY_CALLS[name as keyof typeof SECURITY_CALLS]).toEqual({ method: call.method, path: call.path });
  });
});
