interface Entry<V> {
  value: V;
  loadedAt: number;
  group: string | undefined;
}

export interface NotifiedCacheOptions {
  /** Upper bound on staleness should an invalidation ever be missed; changes normally apply at once. */
  maxAgeMs: number;
  /** Past this many entries the cache starts over: memory stays bounded whatever the traffic. */
  maxEntries: number;
}

/**
 * Values read from the database, kept in process until a NOTIFY says they changed (`forget`, `forgetGroup`,
 * `clear`). Until `enable` is called (once its invalidations are subscribed) nothing is kept: a process nobody
 * tells of changes reads every time. A load that started before an invalidation does not put its value back,
 * so a change racing a read is never hidden.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly groups = new Map<string, Set<string>>();
  private generation = 0;
  private enabled = false;

  constructor(private readonly options: NotifiedCacheOptions) {}

  enable(): void {
    this.enabled = true;
  }

  /**
   * The value of `key`, loaded with `load` when absent or too old (a load answering undefined is not kept);
   * `groupOf` names what invalidates it together with others.
   */
  async get(key: string, load: () => Promise<V | undefined>, groupOf?: (value: V) => string | undefined): Promise<V | undefined> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.loadedAt <= this.options.maxAgeMs) return entry.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && this.enabled && generation === this.generation) this.put(key, value, groupOf?.(value));
    return value;
  }

  /** Replaces a cached value this process itself just changed (e.g. a refreshed expiry); no-op when absent. */
  update(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = value;
  }

  forget(key: string): void {
    this.generation += 1;
    this.remove(key);
  }

  forgetGroup(group: string): void {
    this.generation += 1;
    for (const key of this.groups.get(group) ?? []) this.remove(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.groups.clear();
  }

  private put(key: string, value: V, group: string | undefined) {
    if (this.entries.size >= this.options.maxEntries) this.clear();
    this.remove(key);
    this.entries.set(key, { value, loadedAt: Date.now(), group });
    if (group === undefined) return;
    const keys = this.groups.get(group);
    if (keys) keys.add(key);
    else this.groups.set(group, new Set([key]));
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.group === undefined) return;
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(entry.group);
  }
}
