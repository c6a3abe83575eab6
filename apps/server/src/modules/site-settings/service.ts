import type { Settings, SettingsKey } from '@tessera/contract/settings';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AuditLog, actorFromName } from '../audit-log/service.js';
import { DEFAULT_SETTINGS } from './defaults.js';
import { SettingsRejected } from './errors.js';
import * as repo from './repo.js';
import { settingProblems } from './validate.js';

interface CacheEntry {
  loadedAt: number;
  settings: Settings | null;
}

/** The audit log's action for a settings write. */
export const SETTINGS_ACTION = 'settings.set';

/** NOTIFY channel on which every settings write names its merchant, so other instances drop their copy. */
export const SETTINGS_CHANNEL = 'site_settings';
/** Upper bound on staleness should a notification ever be lost; changes normally apply at once. */
const CACHE_SAFETY_MAX_AGE_MS = 60_000;

/**
 * Reads and writes a merchant's site settings. Reads come from an in-process cache: every write drops the
 * local copy and notifies the other instances (`listenForChanges`), so the gate and the status call cost no
 * query and still show an operator's change on the next request.
 */
export class SiteSettingsService {
  private readonly cache = new Map<string, CacheEntry>();
  /** Bumped on every invalidation: a load that started before it must not put stale data back. */
  private generation = 0;

  private readonly auditLog: AuditLog;

  constructor(private readonly db: Kysely<Database>) {
    this.auditLog = new AuditLog(db);
  }

  /** Drops cached settings when another instance writes, and everything when notifications may be lost. */
  /** Adds a merchant (its settings are written separately); false when the code is taken. */
  addMerchant(code: string, name: string): Promise<boolean> {
    return repo.insertMerchant(this.db, code, name);
  }

  listenForChanges(db: Db): Promise<void> {
    return db.subscribe(SETTINGS_CHANNEL, {
      onMessage: (merchantCode) => this.invalidate(merchantCode),
      onReset: () => this.invalidate(null),
    });
  }

  /** The merchant's settings as cached; null when the merchant does not exist. */
  cached(merchantCode: string): Promise<Settings | null> {
    return this.get(merchantCode, CACHE_SAFETY_MAX_AGE_MS);
  }

  /** The merchant's settings with defaults for keys never set, at most `maxAgeMs` old (0 = read now). */
  async get(merchantCode: string, maxAgeMs: number): Promise<Settings | null> {
    const cached = this.cache.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt <= maxAgeMs) return cached.settings;
    const generation = this.generation;
    const settings = await this.load(merchantCode);
    if (generation === this.generation) this.cache.set(merchantCode, { loadedAt: Date.now(), settings });
    return settings;
  }

  private invalidate(merchantCode: string | null) {
    this.generation += 1;
    if (merchantCode === null) this.cache.clear();
    else this.cache.delete(merchantCode);
  }

  /** The merchant's settings read now through `db`: a job's transaction (on PGlite's one connection it cannot wait for another). */
  readIn(db: Kysely<Database>, merchantCode: string): Promise<Settings | null> {
    return this.load(merchantCode, db);
  }

  private async load(merchantCode: string, db: Kysely<Database> = this.db): Promise<Settings | null> {
    const rows = await repo.selectSettings(db, merchantCode);
    if (rows.length === 0 && !(await repo.merchantExists(db, merchantCode))) return null;
    const settings: Settings = { ...DEFAULT_SETTINGS };
    for (const row of rows) {
      if (row.key in DEFAULT_SETTINGS) (settings as Record<string, unknown>)[row.key] = row.value;
    }
    return settings;
  }

  /** Validates and stores one key with an audit row; throws SettingsRejected with every reason otherwise. */
  async set<K extends SettingsKey>(merchantCode: string, key: K, value: Settings[K], actor: string): Promise<Settings[K]> {
    return this.update(merchantCode, key, () => value, actor);
  }

  /**
   * Applies `change` to the current value under the row lock, validates and stores the result with an audit
   * row, all in one transaction, so two operators editing the same key never lose each other's change.
   */
  async update<K extends SettingsKey>(
    merchantCode: string,
    key: K,
    change: (current: Settings[K]) => Settings[K],
    actor: string,
  ): Promise<Settings[K]> {
    const next = await this.db.transaction().execute(async (trx) => {
      // The merchant row lock orders writers even when the setting's own row does not exist yet.
      if (!(await repo.lockMerchant(trx, merchantCode))) throw new SettingsRejected(key, [`unknown merchant ${merchantCode}`]);
      const previous = await repo.lockSetting(trx, merchantCode, key);
      const value = change((previous?.value as Settings[K] | undefined) ?? DEFAULT_SETTINGS[key]);
      const problems = settingProblems(key, value);
      if (problems.length) throw new SettingsRejected(key, problems);
      await repo.writeSetting(trx, merchantCode, key, value, actor);
      await this.auditLog.append(
        actorFromName(actor),
        { action: SETTINGS_ACTION, merchantCode, target: key, before: previous ? previous.value : null, after: value },
        trx,
      );
      await sql`SELECT pg_notify(${SETTINGS_CHANNEL}, ${merchantCode})`.execute(trx);
      return value;
    });
    this.invalidate(merchantCode);
    return next;
  }

  /** The latest changes of a merchant's settings (of one key when given), newest first, from the audit log. */
  async audit(merchantCode: string, key: string | undefined, limit: number) {
    const { entries } = await this.auditLog.page({ action: SETTINGS_ACTION, merchantCode, target: key }, 0, limit);
    return entries.map((entry) => ({
      key: entry.target ?? '',
      oldValue: entry.before,
      newValue: entry.after,
      actor: entry.actor,
      at: entry.at,
    }));
  }
}
