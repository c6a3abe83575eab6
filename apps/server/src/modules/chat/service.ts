import { createHash, randomBytes } from 'node:crypto';
import type { CannedReply, ChatMessage, ConsoleConversation } from '@tessera/contract/api/chat';
import { CHAT_IMAGE_LIMITS, type ChatImageSize } from '@tessera/contract/routes/chat';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { ReencodeError, reencodeWithinWebp } from '../../platform/image-reencode.js';
import { takeTurn } from '../throttle/service.js';
import * as repo from './repo.js';
import type { ChatQueue, ChatState } from './tables.js';

export const CHAT_CHANNEL = 'chat_live';
/** Spec §4: a rank level above 4 is served by the VIP line. */
const VIP_RANK_ABOVE = 4;
/** A console keeps its staff member on duty this long after each renewal. */
export const DUTY_MS = 120_000;
const VISITOR_OPEN_EVERY_MS = 30_000;
const VISITOR_SEND_EVERY_MS = 1_000;
/** One picture per chat and side every two seconds: re-encoding costs CPU, and nobody sends photos faster. */
const IMAGE_EVERY_MS = 2_000;
/** The most messages a reconnecting client is sent at once (it asks again from the last one it holds). */
export const CATCH_UP_MAX = 500;

/** Who is writing on the player's side: a member by session, or a visitor by the key their browser keeps. */
export type ChatParty = { memberId: bigint; visitorKey?: undefined } | { memberId?: undefined; visitorKey: string };
/**
 * Who opens a chat: a member (with the key of the chat they had as a visitor on this browser, if any), a returning
 * visitor with their key, or a new visitor (given a key).
 */
export type OpeningParty = { memberId: bigint; visitorKey?: string } | { memberId?: undefined; visitorKey?: string };

/** What a NOTIFY on the chat channel carries; the hub reads the message itself by id. */
export type ChatEvent =
  | { m: string; c: string; k: 'message'; id: string }
  | { m: string; c: string; k: 'read'; by: 'player' | 'staff'; upTo: string }
  | { m: string; c: string; k: 'typing'; by: 'player' | 'staff' }
  | { m: string; c: string; k: 'queue' };

export interface ChatHooks {
  /** The member's account and VIP rank level, or null when they are not the merchant's. */
  member(merchant: string, memberId: bigint): Promise<{ account: string; rankLevel: number } | null>;
}

const IMAGE_PROBLEMS = {
  type: 'chat.image.type',
  dimensions: 'chat.image.dimensions',
  unreadable: 'chat.image.unreadable',
} as const;

/**
 * An uploaded picture decoded and written anew (platform/image-reencode.ts): what either side is served is a WebP the
 * server made from the pixels alone, EXIF and anything hidden in the file gone.
 */
async function storedImage(bytes: Buffer): Promise<repo.StoredImage> {
  try {
    const [full, thumb] = await reencodeWithinWebp(bytes, {
      sides: [CHAT_IMAGE_LIMITS.fullSide, CHAT_IMAGE_LIMITS.thumbSide],
      maxInputPixels: CHAT_IMAGE_LIMITS.maxInputPixels,
    });
    if (!full || !thumb) throw new ReencodeError('unreadable');
    return { width: full.width, height: full.height, full: full.data, thumb: thumb.data };
  } catch (error) {
    if (error instanceof ReencodeError) throw new AppError(IMAGE_PROBLEMS[error.problem]);
    throw error;
  }
}

const hashKey = (key: string) => createHash('sha256').update(key).digest();

export const toMessage = (row: repo.MessageRow): ChatMessage => ({
  id: row.id.toString(),
  conversationId: row.conversation_id.toString(),
  sender: row.sender,
  staffName: row.staff_name,
  body: row.body,
  image: row.width !== null && row.height !== null ? { width: row.width, height: row.height } : null,
  at: row.created_at.getTime(),
});

const toConsole = (row: repo.ConsoleRow): ConsoleConversation => ({
  id: row.id.toString(),
  name: row.display_name,
  member: row.member_id !== null,
  queue: row.queue,
  state: row.state,
  staffName: row.staff_name,
  lastMessage: row.last_message ?? null,
  lastIsImage: row.last_has_image === true,
  lastMessageAt: row.last_message_at.getTime(),
  unread: Number(row.unread ?? 0),
  playerReadId: row.player_read_id.toString(),
});

export async function publish(db: Kysely<Database> | Transaction<Database>, event: ChatEvent): Promise<void> {
  await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
}

/**
 * Live chat between players (members and visitors) and support staff. Every message is stored before it is
 * announced (NOTIFY in the same transaction), so a client that reconnects asks for what came after its last id and
 * misses nothing; the hub of each instance forwards what it hears to the sockets open on it.
 */
export class ChatService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hooks: ChatHooks,
  ) {}

  /** Resumes the party's latest chat, or starts one: in the VIP queue for a rank above 4, a ticket when nobody is on duty. */
  async open(merchant: string, party: OpeningParty, options: { name?: string; ip: string }) {
    const visitorKey = party.memberId === undefined ? (party.visitorKey ?? randomBytes(24).toString('base64url')) : null;
    const ref: repo.PartyRef = {
      memberId: party.memberId ?? null,
      visitorKeyHash: visitorKey === null ? null : hashKey(visitorKey),
    };
    const onDuty = (await repo.countOnDuty(this.db, merchant)) > 0;
    if (party.memberId !== undefined && party.visitorKey) await this.claimVisitorChat(merchant, party.memberId, party.visitorKey);
    let conversation = visitorKey === null || party.visitorKey ? await repo.selectLatestOf(this.db, merchant, ref) : undefined;
    if (!conversation) {
      let displayName = options.name?.trim() || 'Visitor';
      let queue: ChatQueue = 'general';
      if (party.memberId !== undefined) {
        const member = await this.hooks.member(merchant, party.memberId);
        if (!member) throw new AppError('chat.not.found');
        displayName = member.account;
        if (member.rankLevel > VIP_RANK_ABOVE) queue = 'vip';
      } else if (!(await takeTurn(this.db, 'chat.visitor.open', options.ip, VISITOR_OPEN_EVERY_MS))) {
        throw new AppError('chat.too.frequent');
      }
      conversation = await this.db.transaction().execute(async (trx) => {
        const row = await repo.insertConversation(trx, {
          merchant,
          party: ref,
          displayName,
          queue,
          state: onDuty ? 'waiting' : 'ticket',
        });
        await publish(trx, { m: merchant, c: row.id.toString(), k: 'queue' });
        return row;
      });
    }
    return {
      conversationId: conversation.id.toString(),
      visitorKey,
      state: conversation.state,
      queue: conversation.queue,
      onDuty,
      staffReadId: conversation.staff_read_id.toString(),
    };
  }

  /**
   * A visitor who logs in keeps their chat: the conversation their browser's key names, still going, becomes the
   * member's (named by their account, in the VIP queue for a rank above 4), unless they already have one going.
   */
  private async claimVisitorChat(merchant: string, memberId: bigint, visitorKey: string): Promise<void> {
    const member = await this.hooks.member(merchant, memberId);
    if (!member) return;
    await this.db.transaction().execute(async (trx) => {
      const claimed = await repo.claimVisitorConversation(trx, merchant, hashKey(visitorKey), {
        memberId,
        displayName: member.account,
        queue: member.rankLevel > VIP_RANK_ABOVE ? 'vip' : 'general',
      });
      if (claimed) await publish(trx, { m: merchant, c: claimed.toString(), k: 'queue' });
    });
  }

  /** The conversation when it is the party's: what every socket and call of the player side checks first. */
  async ownedBy(merchant: string, party: ChatParty, conversationId: bigint): Promise<repo.ConversationRow> {
    const row = await repo.selectConversation(this.db, merchant, conversationId);
    const owns =
      row &&
      (party.memberId !== undefined
        ? row.member_id === party.memberId
        : row.visitor_key_hash !== null && Buffer.from(row.visitor_key_hash).equals(hashKey(party.visitorKey)));
    if (!row || !owns) throw new AppError('chat.not.found');
    return row;
  }

  async send(merchant: string, party: ChatParty, conversationId: bigint, body: string): Promise<ChatMessage> {
    await this.ownedBy(merchant, party, conversationId);
    await this.visitorTurn(party, conversationId);
    return this.postPlayer(merchant, conversationId, { body });
  }

  async sendImage(merchant: string, party: ChatParty, conversationId: bigint, bytes: Buffer): Promise<ChatMessage> {
    await this.ownedBy(merchant, party, conversationId);
    await this.visitorTurn(party, conversationId);
    await this.imageTurn(conversationId, 'player');
    return this.postPlayer(merchant, conversationId, { body: '', image: await storedImage(bytes) });
  }

  /** The picture of a message in the party's chat; not found for anyone else's. */
  async image(merchant: string, party: ChatParty, conversationId: bigint, messageId: bigint, size: ChatImageSize) {
    await this.ownedBy(merchant, party, conversationId);
    return this.imageOf(conversationId, messageId, size);
  }

  private async visitorTurn(party: ChatParty, conversationId: bigint) {
    if (
      party.memberId === undefined &&
      !(await takeTurn(this.db, 'chat.visitor.send', conversationId.toString(), VISITOR_SEND_EVERY_MS))
    ) {
      throw new AppError('chat.too.frequent');
    }
  }

  private async imageTurn(conversationId: bigint, side: 'player' | 'staff') {
    if (!(await takeTurn(this.db, `chat.image.${side}`, conversationId.toString(), IMAGE_EVERY_MS))) {
      throw new AppError('chat.too.frequent');
    }
  }

  private async imageOf(conversationId: bigint, messageId: bigint, size: ChatImageSize): Promise<Buffer> {
    const row = await repo.selectImage(this.db, conversationId, messageId, size);
    if (!row) throw new AppError('chat.not.found');
    return row.data;
  }

  private postPlayer(merchant: string, conversationId: bigint, content: { body: string; image?: repo.StoredImage }) {
    return this.db.transaction().execute(async (trx) => {
      const conversation = await repo.lockConversation(trx, merchant, conversationId);
      if (!conversation) throw new AppError('chat.not.found');
      const message = await repo.insertMessage(trx, { conversationId, staffName: null, ...content });
      // A closed chat written to again goes back to the queue (or becomes a ticket while nobody is on duty).
      let state: ChatState = conversation.state;
      if (state === 'closed') state = (await repo.countOnDuty(trx, merchant)) > 0 ? 'waiting' : 'ticket';
      await repo.updateConversation(trx, conversationId, {
        last_message_at: message.created_at,
        state,
        ...(state !== conversation.state ? { staff_name: null, closed_at: null } : {}),
      });
      await publish(trx, { m: merchant, c: conversationId.toString(), k: 'message', id: message.id.toString() });
      return toMessage(message);
    });
  }

  async playerRead(merchant: string, party: ChatParty, conversationId: bigint, upToId: bigint): Promise<void> {
    await this.ownedBy(merchant, party, conversationId);
    await this.markRead(merchant, conversationId, 'player', upToId);
  }

  /** The messages after an id (a client catching up), oldest first. */
  async messagesAfter(conversationId: bigint, afterId: bigint): Promise<ChatMessage[]> {
    return (await repo.selectMessagesAfter(this.db, conversationId, afterId, CATCH_UP_MAX)).map(toMessage);
  }

  async message(id: bigint): Promise<ChatMessage | null> {
    const row = await repo.selectMessage(this.db, id);
    return row ? toMessage(row) : null;
  }

  typing(merchant: string, conversationId: bigint, by: 'player' | 'staff'): Promise<void> {
    return publish(this.db, { m: merchant, c: conversationId.toString(), k: 'typing', by });
  }

  // The console's side.

  async list(merchant: string, filter: { state?: ChatState; q?: string }): Promise<ConsoleConversation[]> {
    return (await repo.selectConsoleList(this.db, merchant, filter)).map(toConsole);
  }

  async transcript(merchant: string, id: bigint) {
    const conversation = await this.consoleRow(merchant, id);
    const messages: ChatMessage[] = [];
    for (;;) {
      const after = messages.length === 0 ? 0n : BigInt(messages[messages.length - 1]?.id ?? 0);
      const page = await this.messagesAfter(id, after);
      messages.push(...page);
      if (page.length < CATCH_UP_MAX) break;
    }
    return { conversation, messages };
  }

  async assign(merchant: string, id: bigint, staffName: string): Promise<ConsoleConversation> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockConversation(trx, merchant, id);
      if (!row) throw new AppError('chat.not.found');
      if (row.staff_name !== null && row.staff_name !== staffName && row.state === 'open') throw new AppError('chat.taken');
      await repo.updateConversation(trx, id, { state: 'open', staff_name: staffName, closed_at: null });
      await publish(trx, { m: merchant, c: id.toString(), k: 'queue' });
    });
    return this.consoleRow(merchant, id);
  }

  async staffSend(merchant: string, id: bigint, staffName: string, body: string): Promise<ChatMessage> {
    return this.postStaff(merchant, id, staffName, { body });
  }

  async staffSendImage(merchant: string, id: bigint, staffName: string, bytes: Buffer): Promise<ChatMessage> {
    await this.consoleRow(merchant, id);
    await this.imageTurn(id, 'staff');
    return this.postStaff(merchant, id, staffName, { body: '', image: await storedImage(bytes) });
  }

  /** A picture of any chat of the merchant, for its console. */
  async consoleImage(merchant: string, id: bigint, messageId: bigint, size: ChatImageSize): Promise<Buffer> {
    await this.consoleRow(merchant, id);
    return this.imageOf(id, messageId, size);
  }

  private postStaff(merchant: string, id: bigint, staffName: string, content: { body: string; image?: repo.StoredImage }) {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.lockConversation(trx, merchant, id);
      if (!row) throw new AppError('chat.not.found');
      if (row.staff_name !== null && row.staff_name !== staffName && row.state === 'open') throw new AppError('chat.taken');
      const message = await repo.insertMessage(trx, { conversationId: id, staffName, ...content });
      await repo.updateConversation(trx, id, {
        state: 'open',
        staff_name: staffName,
        last_message_at: message.created_at,
        closed_at: null,
      });
      await publish(trx, { m: merchant, c: id.toString(), k: 'message', id: message.id.toString() });
      return toMessage(message);
    });
  }

  async staffRead(merchant: string, id: bigint, upToId: bigint): Promise<void> {
    await this.consoleRow(merchant, id);
    await this.markRead(merchant, id, 'staff', upToId);
  }

  async close(merchant: string, id: bigint): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockConversation(trx, merchant, id);
      if (!row) throw new AppError('chat.not.found');
      await repo.updateConversation(trx, id, { state: 'closed', closed_at: new Date() });
      await publish(trx, { m: merchant, c: id.toString(), k: 'queue' });
    });
  }

  /** On duty for DUTY_MS (renewed by the open console) or off; answers how many are on duty now. */
  async duty(merchant: string, staffName: string, onDuty: boolean): Promise<number> {
    if (onDuty) await repo.upsertDuty(this.db, merchant, staffName, new Date(Date.now() + DUTY_MS));
    else await repo.deleteDuty(this.db, merchant, staffName);
    return repo.countOnDuty(this.db, merchant);
  }

  async canned(merchant: string): Promise<CannedReply[]> {
    return (await repo.selectCanned(this.db, merchant)).map((row) => ({ ...row, id: row.id.toString() }));
  }

  async addCanned(merchant: string, input: { title: string; body: string }, staffName: string): Promise<CannedReply> {
    const row = await repo.insertCanned(this.db, merchant, { ...input, createdBy: staffName });
    return { ...row, id: row.id.toString() };
  }

  /** A chat of the merchant as the console lists it; not found for another merchant's. */
  async consoleRow(merchant: string, id: bigint): Promise<ConsoleConversation> {
    const [row] = await repo.selectConsoleList(this.db, merchant, { id });
    if (!row) throw new AppError('chat.not.found');
    return toConsole(row);
  }

  private async markRead(merchant: string, id: bigint, side: 'player' | 'staff', upToId: bigint): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const upTo = await repo.markRead(trx, id, side, upToId);
      if (upTo !== null) await publish(trx, { m: merchant, c: id.toString(), k: 'read', by: side, upTo: upTo.toString() });
    });
  }
}
