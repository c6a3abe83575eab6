import { CHAT_FRAMES } from '@tessera/contract/routes/chat';
import type { Db } from '../../db/connect.js';
import { CHAT_CHANNEL, type ChatEvent, type ChatService } from './service.js';

/** One open chat socket, as the hub sees it. */
export interface ChatSocket {
  send(frame: Record<string, unknown>): void;
  /** Ends the socket; the client reconnects and catches up from its last message id. */
  end(): void;
}

interface Watcher {
  socket: ChatSocket;
  merchant: string;
  side: 'player' | 'staff';
}

const PING_MS = 25_000;

/**
 * The chat sockets open on this instance, fed by LISTEN on the chat channel: a message committed on any instance
 * reaches the player's and the watching staff's sockets wherever they are. A player socket watches its own chat; a
 * staff socket hears every change of the merchant's queue and watches the one chat on its screen.
 */
export class ChatHub {
  /** Sockets by conversation id. */
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Staff sockets by merchant: told to read the queue again. */
  private readonly consoles = new Map<string, Set<ChatSocket>>();
  private ping: NodeJS.Timeout | null = null;

  constructor(
    private readonly chat: ChatService,
    private readonly onError: (error: unknown) => void,
  ) {}

  async listen(db: Db): Promise<void> {
    await db.subscribe(CHAT_CHANNEL, {
      onMessage: (payload) => this.dispatch(payload),
      // Anything may have been missed: every client reconnects and catches up from its last id.
      onReset: () => this.endAll(),
    });
  }

  /** Starts the keep-alive of the sockets (a proxy drops an idle connection). */
  keepAlive(ping: () => void): void {
    this.ping = setInterval(ping, PING_MS);
    this.ping.unref();
  }

  /** Watches a conversation and sends what came after `afterId`; the returned function stops watching. */
  async watch(socket: ChatSocket, merchant: string, conversationId: bigint, side: 'player' | 'staff', afterId: bigint) {
    const key = conversationId.toString();
    const watcher: Watcher = { socket, merchant, side };
    const set = this.watchers.get(key) ?? new Set();
    this.watchers.set(key, set);
    set.add(watcher);
    // Registered before the catch-up is read: a message committed meanwhile arrives twice at worst (clients keep one per id).
    for (const message of await this.chat.messagesAfter(conversationId, afterId))
      socket.send({ type: CHAT_FRAMES.message, message });
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(key) === set) this.watchers.delete(key);
    };
  }

  /** A staff console of the merchant: told whenever the queue changes. */
  addConsole(socket: ChatSocket, merchant: string): () => void {
    const set = this.consoles.get(merchant) ?? new Set();
    this.consoles.set(merchant, set);
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && this.consoles.get(merchant) === set) this.consoles.delete(merchant);
    };
  }

  get openSockets(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  close(): void {
    if (this.ping) clearInterval(this.ping);
    this.endAll();
  }

  private endAll() {
    for (const set of this.watchers.values()) for (const watcher of set) watcher.socket.end();
    for (const set of this.consoles.values()) for (const socket of set) socket.end();
    this.watchers.clear();
    this.consoles.clear();
  }

  private dispatch(payload: string) {
    const event = parseEvent(payload);
    if (!event) return;
    if (event.k !== 'typing') for (const socket of this.consoles.get(event.m) ?? []) socket.send({ type: CHAT_FRAMES.queue });
    const watching = [...(this.watchers.get(event.c) ?? [])].filter((watcher) => watcher.merchant === event.m);
    if (watching.length === 0) return;
    if (event.k === 'message') {
      this.chat
        .message(BigInt(event.id))
        .then((message) => {
          if (message) for (const watcher of watching) watcher.socket.send({ type: CHAT_FRAMES.message, message });
        })
        .catch(this.onError);
    } else if (event.k === 'typing') {
      for (const watcher of watching)
        if (watcher.side !== event.by) watcher.socket.send({ type: CHAT_FRAMES.typing, by: event.by });
    } else if (event.k === 'read') {
      for (const watcher of watching) watcher.socket.send({ type: CHAT_FRAMES.read, by: event.by, upToId: event.upTo });
    }
  }
}

const DECIMAL = /^[0-9]{1,19}$/;

function parseEvent(payload: string): ChatEvent | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.m !== 'string' || typeof value.c !== 'string' || !DECIMAL.test(value.c)) return null;
    if (value.k === 'message' && typeof value.id === 'string' && DECIMAL.test(value.id)) return value as ChatEvent;
    if (value.k === 'read' && typeof value.upTo === 'string' && DECIMAL.test(value.upTo) && isSide(value.by))
      return value as ChatEvent;
    if (value.k === 'typing' && isSide(value.by)) return value as ChatEvent;
    if (value.k === 'queue') return value as ChatEvent;
    return null;
  } catch {
    return null;
  }
}

const isSide = (value: unknown): value is 'player' | 'staff' => value === 'player' || value === 'staff';
