import type { Settings, SettingsKey } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_SETTINGS } from './defaults.js';
import { SettingsRejected } from './errors.js';
import * as repo from './repo.js';
import { settingProblems } from './validate.js';

interface CacheEntry {
  loadedAt: number;
  settings: Settings | null;
}

/**
 * Reads and writes a merchant's site settings. Reads are cached per merchant for `maxAgeMs` so the per-request
 * gate costs no query; callers that must see an operator's change at once (system status) pass 0.
 */
export class SiteSettingsService {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The merchant's settings with defaults for keys never set; null when the merchant does not exist. */
  async get(merchantCode: string, maxAgeMs: number): Promise<Settings | null> {
    const cached = this.cache.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt <= maxAgeMs) return cached.settings;
    const settings = await this.load(merchantCode);
    this.cache.set(merchantCode, { loadedAt: Date.now(), settings });
    return settings;
  }

  private async load(merchantCode: string): Promise<Settings | null> {
    const rows = await repo.selectSettings(this.db, merchantCode);
    if (rows.length === 0 && !(await repo.merchantExists(this.db, merchantCode))) return null;
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
      if (!(await repo.merchantExists(trx, merchantCode))) throw new SettingsRejected(key, [`unknown merchant ${merchantCode}`]);
      const previous = await repo.lockSetting(trx, merchantCode, key);
      const value = change((previous?.value as Settings[K] | undefined) ?? DEFAULT_SETTINGS[key]);
      const problems = settingProblems(key, value);
      if (problems.length) throw new SettingsRejected(key, problems);
      await repo.writeSettingWithAudit(trx, merchantCode, key, previous, value, actor);
      return value;
    });
    this.cache.delete(merchantCode);
    return next;
  }

  audit(merchantCode: string, key: string | undefined, limit: number) {
    return repo.selectAudit(this.db, merchantCode, key, limit);
  }
}
