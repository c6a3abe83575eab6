import { LIVE_EVENTS, type MemberNotification } from '@tessera/contract/api/notifications';
import type { Db } from '../../db/connect.js';
import { LEDGER_CHANNEL } from '../ledger/service.js';
import { NOTIFICATIONS_CHANNEL } from './service.js';

/** One open event stream. `send` writes one server-sent event; `end` closes the stream. */
export interface LiveConnection {
  send(event: string, data: unknown): void;
  comment(text: string): void;
  end(): void;
}

/** What the hub reads when a NOTIFY names a member who has a stream open on this instance. */
export interface LiveSources {
  balance(merchant: string, memberId: bigint): Promise<unknown>;
  notification(merchant: string, memberId: bigint, id: bigint): Promise<MemberNotification | null>;
}

interface MemberEvent {
  merchant: string;
  memberId: bigint;
  id?: bigint;
}

const HEARTBEAT_MS = 25_000;
/** A member with more tabs than this loses the oldest stream: bounded memory per member. */
export const MAX_STREAMS_PER_MEMBER = 5;

const keyOf = (merchant: string, memberId: bigint) => `${merchant}:${memberId}`;

/**
 * The streams open on this instance, fed by LISTEN on the ledger's and the notifications' channels, so a change
 * committed by any instance (or the admin CLI) reaches the member wherever their stream is. Balance reads are
 * coalesced per member: a burst of transfers costs one read in flight and one after it.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveConnection>>();
  private readonly balanceReads = new Map<string, { again: boolean }>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly sources: LiveSources,
    private readonly onError: (error: unknown) => void,
  ) {}

  async listen(db: Db): Promise<void> {
    await db.subscribe(LEDGER_CHANNEL, {
      onMessage: (payload) => this.withEvent(payload, (event) => this.pushBalance(event.merchant, event.memberId)),
      onReset: () => this.resyncAll(),
    });
    await db.subscribe(NOTIFICATIONS_CHANNEL, {
      onMessage: (payload) => this.withEvent(payload, (event) => this.pushNotification(event)),
      onReset: () => this.resyncAll(),
    });
    this.heartbeat = setInterval(() => this.forEachStream((stream) => stream.comment('ping')), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Registers a stream; the returned function unregisters it (call it when the client goes away). */
  add(merchant: string, memberId: bigint, stream: LiveConnection): () => void {
    const key = keyOf(merchant, memberId);
    const set = this.streams.get(key) ?? new Set();
    this.streams.set(key, set);
    set.add(stream);
    if (set.size > MAX_STREAMS_PER_MEMBER) {
      const oldest = set.values().next().value;
      if (oldest) {
        set.delete(oldest);
        oldest.end();
      }
    }
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(key) === set) this.streams.delete(key);
    };
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** Ends every stream (server shutdown), so closing the server does not wait for them. */
  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.forEachStream((stream) => stream.end());
    this.streams.clear();
  }

  private withEvent(payload: string, handle: (event: MemberEvent) => Promise<void>) {
    for (const event of parseEvents(payload)) {
      if (this.streams.has(keyOf(event.merchant, event.memberId))) handle(event).catch(this.onError);
    }
  }

  private async pushBalance(merchant: string, memberId: bigint): Promise<void> {
    const key = keyOf(merchant, memberId);
    const inFlight = this.balanceReads.get(key);
    if (inFlight) {
      inFlight.again = true;
      return;
    }
    const state = { again: true };
    this.balanceReads.set(key, state);
    try {
      while (state.again) {
        state.again = false;
        const balance = await this.sources.balance(merchant, memberId);
        for (const stream of this.streams.get(key) ?? []) stream.send(LIVE_EVENTS.balance, balance);
      }
    } finally {
      this.balanceReads.delete(key);
    }
  }

  private async pushNotification(event: MemberEvent): Promise<void> {
    if (event.id === undefined) return;
    const notification = await this.sources.notification(event.merchant, event.memberId, event.id);
    if (!notification) return;
    for (const stream of this.streams.get(keyOf(event.merchant, event.memberId)) ?? []) {
      stream.send(LIVE_EVENTS.notification, notification);
    }
  }

  /** The LISTEN connection dropped: anything may have been missed, so every client reads again. */
  private resyncAll() {
    this.forEachStream((stream) => stream.send(LIVE_EVENTS.resync, {}));
  }

  private forEachStream(action: (stream: LiveConnection) => void) {
    for (const set of this.streams.values()) for (const stream of set) action(stream);
  }
}

const DECIMAL = /^[0-9]{1,19}$/;

/** A payload names one member (`memberId`) or, for a settlement batch, many (`memberIds`). */
function parseEvents(payload: string): MemberEvent[] {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.merchant !== 'string') return [];
    const merchant = value.merchant;
    const isDecimal = (text: unknown): text is string => typeof text === 'string' && DECIMAL.test(text);
    if (Array.isArray(value.memberIds)) {
      return value.memberIds.filter(isDecimal).map((memberId) => ({ merchant, memberId: BigInt(memberId) }));
    }
    if (!isDecimal(value.memberId)) return [];
    const id = isDecimal(value.id) ? BigInt(value.id) : undefined;
    return [{ merchant, memberId: BigInt(value.memberId), id }];
  } catch {
    return [];
  }
}
