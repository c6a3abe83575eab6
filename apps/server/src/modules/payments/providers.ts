import type { Config } from '../../platform/config.js';
import { testPspProvider } from './adapters/testpsp.js';
import type { PaymentProvider } from './provider.js';

/** Every payment provider configured in the environment, by id: a provider without its URL has no adapter. */
export function configuredProviders(config: Pick<Config, 'paymentProviders'>): ReadonlyMap<string, PaymentProvider> {
  const providers: PaymentProvider[] = [];
  if (config.paymentProviders.testpsp) providers.push(testPspProvider(config.paymentProviders.testpsp));
  return new Map(providers.map((provider) => [provider.id, provider]));
}
