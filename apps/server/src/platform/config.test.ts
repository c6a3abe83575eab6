import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('starts with documented defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/tessera');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/tessera/data',
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      defaultMerchant: 'demo',
    });
  });

  it('serves /metrics to any address and the API docs outside production, to loopback and no docs in it', () => {
    expect(loadConfig({})).toMatchObject({ metricsAllow: 'any', apiDocs: true });
    const production = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) });
    expect(production).toMatchObject({ metricsAllow: ['127.0.0.1/8', '::1'], apiDocs: false });
    expect(
      loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32), METRICS_ALLOW: '10.0.0.0/8', API_DOCS: 'on' }),
    ).toMatchObject({
      metricsAllow: ['10.0.0.0/8'],
      apiDocs: true,
    });
    expect(() => loadConfig({ METRICS_ALLOW: 'intranet' })).toThrow(/^Invalid METRICS_ALLOW \(got "intranet"\)/);
  });

  it('reads numbers, proxy hop counts and CIDR lists', () => {
    expect(loadConfig({ PORT: '9090', TRUST_PROXY: '1' }).port).toBe(9090);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('delivers mail and SMS through the servers it is given, and needs a sender with SMTP', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Tessera <no-reply@example.com>',
      SMS_HTTP_URL: 'https://sms.example.com/send',
    });
    expect(config.smtp).toEqual({ url: 'smtps://u:p@mail.example.com:465', from: 'Tessera <no-reply@example.com>' });
    expect(config.smsGateway).toEqual({ url: 'https://sms.example.com/send', token: undefined });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      'Missing MAIL_FROM: SMTP_URL needs the address mail is sent from',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow('expected an smtp:// or smtps:// URL');
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid PORT (got "eighty"): expected an integer from 0 to 65535'],
    [{ PORT: '70000' }, 'Invalid PORT (got "70000"): expected an integer from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid DATABASE_URL (got "mysql://x"): expected a postgres:// or postgresql:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid LOG_LEVEL (got "loud"): expected one of fatal, error, warn, info, debug, trace, silent'],
    [
      { TRUST_PROXY: 'yes please' },
      'Invalid TRUST_PROXY (got "yes please"): expected true, false, a hop count, or a comma-separated list of addresses/CIDRs',
    ],
  ])('stops with one line naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
