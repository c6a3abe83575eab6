import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { entryHash, GENESIS_HASH } from './chain.js';
import * as repo from './repo.js';

export type { EntryFilter, StoredEntry } from './repo.js';

/** Who did it and from where: a staff member (their name and address), an operator command, or the system. */
export interface AuditActor {
  actor: string;
  kind: 'staff' | 'cli' | 'system';
  ip: string | null;
}

/** The actor of a write that names its author only (`cli:<user>` from the operator commands, else the system). */
export function actorFromName(name: string): AuditActor {
  if (name.startsWith('cli:')) return { actor: name, kind: 'cli', ip: null };
  if (name.startsWith('staff:')) return { actor: name.slice('staff:'.length), kind: 'staff', ip: null };
  return { actor: name, kind: 'system', ip: null };
}

export interface AuditEvent {
  action: string;
  target?: string | null;
  merchantCode?: string | null;
  before?: unknown;
  after?: unknown;
}

export type ChainCheck = { intact: true; entries: number } | { intact: false; entries: number; brokenAt: bigint; reason: string };

const VERIFY_BATCH = 1000;

/** Appends one entry in `trx`, which the change it records is written in: both commit or neither. */
export async function appendAudit(trx: Kysely<Database>, who: AuditActor, event: AuditEvent): Promise<void> {
  const entry = {
    actor: who.actor,
    actorKind: who.kind,
    ip: who.ip,
    merchantCode: event.merchantCode ?? null,
    action: event.action,
    target: event.target ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
  };
  // Milliseconds: what a JavaScript date holds, so the time read back hashes as it was written.
  await repo.appendEntry(trx, entry, new Date());
}

/**
 * The one append-only, hash-chained log of what staff, operator commands and the system changed. Each entry
 * carries the hash of the one before it, so a changed, inserted or deleted row breaks the chain at that row.
 */
export class AuditLog {
  constructor(private readonly db: Kysely<Database>) {}

  /** Appends in `trx` when given (the entry commits or rolls back with the change it records), else on its own. */
  async append(who: AuditActor, event: AuditEvent, trx?: Kysely<Database>): Promise<void> {
    if (trx) await appendAudit(trx, who, event);
    else await this.db.transaction().execute((own) => appendAudit(own, who, event));
  }

  page(filter: repo.EntryFilter, offset: number, limit: number) {
    return repo.selectPage(this.db, filter, offset, limit);
  }

  /** Walks the whole chain: each entry's hash recomputed, its link to the one before, and no gap in the numbering. */
  async verify(): Promise<ChainCheck> {
    let previousHash = GENESIS_HASH;
    let previousSeq = 0n;
    let entries = 0;
    for (;;) {
      const batch = await repo.selectBatch(this.db, previousSeq, VERIFY_BATCH);
      for (const entry of batch) {
        const broken = (reason: string): ChainCheck => ({ intact: false, entries, brokenAt: entry.seq, reason });
        if (entry.seq !== previousSeq + 1n) return broken(`entry ${previousSeq + 1n} is missing`);
        if (entry.prevHash !== previousHash) return broken('its link to the entry before does not match');
        if (entryHash(entry) !== entry.hash) return broken('its content does not match its hash');
        previousHash = entry.hash;
        previousSeq = entry.seq;
        entries += 1;
      }
      if (batch.length < VERIFY_BATCH) return { intact: true, entries };
    }
  }
}
