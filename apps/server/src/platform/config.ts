import path from 'node:path';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { type NetworkAllowList, parseNetworkAllowList } from './network-allow-list.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every setting the server reads from the environment. A wrong value stops the start with one line naming
 * the variable (see `loadConfig`), so a typo never runs with a silent default.
 */
/** Connections per server process: on a small machine, callers queueing for a few connections beat a backend each. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: DEFAULT_DATABASE_POOL_SIZE }),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  /** 'false' (default): X-Forwarded-For is ignored; 'true': believe every hop; a number: hops; or CIDRs. */
  TRUST_PROXY: Type.String({ default: 'false', pattern: '^(true|false|[0-9]{1,2}|[0-9a-fA-F.:/, ]+)$' }),
  DEFAULT_MERCHANT: Type.String({ pattern: '^[A-Za-z0-9_]{2,32}$', default: 'demo' }),
  WEB_DIST: Type.String({ minLength: 1, default: 'apps/web/dist' }),
  /** The built house-games client (apps/house-games), served under /house-games/. */
  HOUSE_GAMES_DIST: Type.String({ minLength: 1, default: 'apps/house-games/dist' }),
  /** The built back office (apps/back-office), served under /bo/. */
  BACK_OFFICE_DIST: Type.String({ minLength: 1, default: 'apps/back-office/dist' }),
  /** The IANA time zone whose days the back office's reports and dashboard count in. */
  REPORT_TIME_ZONE: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$', default: 'UTC' }),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, maximum: 120000, default: 10000 }),
  /** Seals server-side secrets at rest (the RSA keys of encrypted entries). Required when NODE_ENV=production. */
  SECRET_KEY: Type.Optional(Type.String({ minLength: 32, maxLength: 512 })),
  /** Tests and demos only (modules/agent-settlement): `on` lets the operator command move the settlement clock ahead. */
  AGENT_SETTLEMENT_TEST_CLOCK: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'off' }),
  /** Tests and demos only (modules/lottery): every lottery draws this often instead of its real schedule. */
  LOTTERY_DRAW_INTERVAL_SECONDS: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600 })),
  // Third-party vendors (modules/games/adapters): a vendor without its URL has no adapter and stays unavailable.
  VENDOR_TESTV_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  VENDOR_TESTV_SECRET: Type.Optional(Type.String({ minLength: 32, maxLength: 512 })),
  // Payment providers (modules/payments): a provider without its URL has no gateway and its channels stay hidden.
  PSP_TESTPSP_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  /** One or two secrets, comma-separated: two while a secret rotates. */
  PSP_TESTPSP_SECRETS: Type.Optional(Type.String({ pattern: '^[^,\\s]{32,512}(,[^,\\s]{32,512})?$' })),
  PSP_TESTPSP_ALLOW: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  // Delivery of codes and reset links: without them mail and SMS go to the outbox table (`admin outbox list`).
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 200 })),
  SMS_HTTP_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  SMS_HTTP_TOKEN: Type.Optional(Type.String({ minLength: 16, maxLength: 512 })),
  /** Who may read /metrics: `any`, or addresses/CIDRs. Default: any in development, loopback only in production. */
  METRICS_ALLOW: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  /** `on`: /docs and /openapi.json are served. Default: on in development, off in production. */
  API_DOCS: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
});

type Env = Static<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string[];
  defaultMerchant: string;
  webDist: string;
  houseGamesDist: string;
  backOfficeDist: string;
  reportTimeZone: string;
  shutdownGraceMs: number;
  /** Undefined outside production: the crypto-entry module then keeps a generated one under dataDir. */
  secretKey: string | undefined;
  /** Tests and demos only: the settlement clock may be moved ahead (modules/agent-settlement). */
  agentSettlementTestClock: boolean;
  /** Set only for tests and demos: all lottery games draw every this many seconds (modules/lottery/schedule.ts). */
  lotteryDrawIntervalSeconds?: number;
  /** Configured third-party vendors by catalogue code (modules/games/adapters). */
  vendors: { testv?: VendorEndpoint };
  /** Configured payment providers by id (modules/payments). */
  paymentProviders: { testpsp?: PaymentProviderEndpoint };
  /** An SMTP server for mail (modules/mailer); undefined: the outbox. */
  smtp?: { url: string; from: string };
  /** An HTTP SMS gateway (modules/sms); undefined: the outbox. */
  smsGateway?: { url: string; token: string | undefined };
  /** Clients allowed to read /metrics (platform/metrics.ts). */
  metricsAllow: NetworkAllowList;
  /** Whether /docs and /openapi.json are served (platform/openapi.ts). */
  apiDocs: boolean;
}

export interface VendorEndpoint {
  url: string;
  secret: string;
}

export interface PaymentProviderEndpoint {
  url: string;
  secrets: string[];
  allow: NetworkAllowList;
}

export class ConfigError extends Error {}

function parseTrustProxy(raw: string): Config['trustProxy'] {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^[0-9]{1,2}$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Reads and validates the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const firstError = Value.Errors(EnvSchema, converted)[0];
  if (firstError) {
    const variable = firstError.instancePath.replace(/^\//, '').split('/')[0] || 'environment';
    const shown = raw[variable] === undefined ? '' : ` (got "${String(raw[variable])}")`;
    throw new ConfigError(`Invalid ${variable}${shown}: ${describe(firstError.keyword, variable)}`);
  }
  const parsed = converted as Env;
  if (env.NODE_ENV === 'production' && parsed.LOTTERY_DRAW_INTERVAL_SECONDS !== undefined) {
    throw new ConfigError('LOTTERY_DRAW_INTERVAL_SECONDS is for tests and demos: production draws follow the published schedule');
  }
  if (env.NODE_ENV === 'production' && parsed.AGENT_SETTLEMENT_TEST_CLOCK === 'on') {
    throw new ConfigError('AGENT_SETTLEMENT_TEST_CLOCK is for tests and demos: production settles contracts by the real clock');
  }
  if (env.NODE_ENV === 'production' && !parsed.SECRET_KEY) {
    throw new ConfigError('Missing SECRET_KEY: production needs a random secret of at least 32 characters');
  }
  const production = env.NODE_ENV === 'production';
  let metricsAllow: NetworkAllowList;
  try {
    metricsAllow = parseNetworkAllowList(parsed.METRICS_ALLOW ?? (production ? '127.0.0.1/8, ::1' : 'any'));
  } catch (error) {
    throw new ConfigError(
      `Invalid METRICS_ALLOW (got "${parsed.METRICS_ALLOW}"): expected any, or a comma-separated list of addresses/CIDRs; ${(error as Error).message}`,
    );
  }
  if (parsed.VENDOR_TESTV_URL && !parsed.VENDOR_TESTV_SECRET) {
    throw new ConfigError('Missing VENDOR_TESTV_SECRET: VENDOR_TESTV_URL needs the secret shared with the vendor');
  }
  if (parsed.PSP_TESTPSP_URL && !parsed.PSP_TESTPSP_SECRETS) {
    throw new ConfigError('Missing PSP_TESTPSP_SECRETS: PSP_TESTPSP_URL needs the secret shared with the provider');
  }
  let testPspAllow: NetworkAllowList = 'any';
  try {
    if (parsed.PSP_TESTPSP_ALLOW) testPspAllow = parseNetworkAllowList(parsed.PSP_TESTPSP_ALLOW);
  } catch (error) {
    throw new ConfigError(
      `Invalid PSP_TESTPSP_ALLOW (got "${parsed.PSP_TESTPSP_ALLOW}"): expected any, or a comma-separated list of addresses/CIDRs; ${(error as Error).message}`,
    );
  }
  if (!isTimeZone(parsed.REPORT_TIME_ZONE)) {
    throw new ConfigError(
      `Invalid REPORT_TIME_ZONE (got "${parsed.REPORT_TIME_ZONE}"): expected an IANA time zone such as Asia/Dhaka`,
    );
  }
  if (parsed.SMTP_URL && !parsed.MAIL_FROM) {
    throw new ConfigError('Missing MAIL_FROM: SMTP_URL needs the address mail is sent from');
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(cwd, parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    defaultMerchant: parsed.DEFAULT_MERCHANT,
    webDist: path.resolve(cwd, parsed.WEB_DIST),
    houseGamesDist: path.resolve(cwd, parsed.HOUSE_GAMES_DIST),
    backOfficeDist: path.resolve(cwd, parsed.BACK_OFFICE_DIST),
    reportTimeZone: parsed.REPORT_TIME_ZONE,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
    secretKey: parsed.SECRET_KEY,
    lotteryDrawIntervalSeconds: parsed.LOTTERY_DRAW_INTERVAL_SECONDS,
    agentSettlementTestClock: parsed.AGENT_SETTLEMENT_TEST_CLOCK === 'on',
    vendors: {
      ...(parsed.VENDOR_TESTV_URL && parsed.VENDOR_TESTV_SECRET
        ? { testv: { url: parsed.VENDOR_TESTV_URL.replace(/\/$/, ''), secret: parsed.VENDOR_TESTV_SECRET } }
        : {}),
    },
    paymentProviders: {
      ...(parsed.PSP_TESTPSP_URL && parsed.PSP_TESTPSP_SECRETS
        ? {
            testpsp: {
              url: parsed.PSP_TESTPSP_URL.replace(/\/$/, ''),
              secrets: parsed.PSP_TESTPSP_SECRETS.split(','),
              allow: testPspAllow,
            },
          }
        : {}),
    },
    ...(parsed.SMTP_URL && parsed.MAIL_FROM ? { smtp: { url: parsed.SMTP_URL, from: parsed.MAIL_FROM } } : {}),
    ...(parsed.SMS_HTTP_URL ? { smsGateway: { url: parsed.SMS_HTTP_URL, token: parsed.SMS_HTTP_TOKEN } } : {}),
    metricsAllow,
    apiDocs: (parsed.API_DOCS ?? (production ? 'off' : 'on')) === 'on',
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function describe(keyword: string, variable: string): string {
  const expectations: Record<string, string> = {
    PORT: 'expected an integer from 0 to 65535',
    DATABASE_URL: 'expected a postgres:// or postgresql:// URL',
    DATABASE_POOL_SIZE: 'expected an integer from 1 to 200',
    LOG_LEVEL: `expected one of ${LOG_LEVELS.join(', ')}`,
    TRUST_PROXY: 'expected true, false, a hop count, or a comma-separated list of addresses/CIDRs',
    DEFAULT_MERCHANT: 'expected 2-32 letters, digits or underscores',
    SHUTDOWN_GRACE_MS: 'expected milliseconds from 0 to 120000',
    SECRET_KEY: 'expected at least 32 characters',
    LOTTERY_DRAW_INTERVAL_SECONDS: 'expected seconds from 5 to 3600',
    AGENT_SETTLEMENT_TEST_CLOCK: 'expected on or off',
    VENDOR_TESTV_URL: 'expected an http:// or https:// URL',
    VENDOR_TESTV_SECRET: 'expected 32 to 512 characters',
    PSP_TESTPSP_URL: 'expected an http:// or https:// URL',
    PSP_TESTPSP_SECRETS: 'expected one or two secrets of 32 to 512 characters, comma-separated',
    PSP_TESTPSP_ALLOW: 'expected any, or a comma-separated list of addresses/CIDRs',
    SMTP_URL: 'expected an smtp:// or smtps:// URL',
    MAIL_FROM: 'expected a sender address of 3 to 200 characters',
    SMS_HTTP_URL: 'expected an http:// or https:// URL',
    SMS_HTTP_TOKEN: 'expected 16 to 512 characters',
    API_DOCS: 'expected on or off',
  };
  return expectations[variable] ?? `invalid value (${keyword})`;
}
