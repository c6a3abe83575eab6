import type { MessageInput, SentMessage } from '@tessera/contract/api/back-office-messages';
import type { InboxMessage } from '@tessera/contract/api/inbox';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import { chooseText } from '../content/choose-text.js';
import { sanitiseContent, sanitiseTitle } from '../content/sanitise.js';
import * as repo from './repo.js';

/**
 * NOTIFY channel of inbox changes, `{"merchant","memberIds"?}`: the members whose inbox changed, or, without
 * `memberIds`, possibly any member of the merchant (a message to a level, a downline, everyone or a long list).
 */
export const INBOX_CHANNEL = 'player_inbox';
/** A message naming more players than this is announced to the whole merchant: a NOTIFY holds at most 8000 bytes. */
const NAMED_NOTIFY_MAX = 200;

/** What the inbox needs to know about a reader, from the modules that own it (accounts, agents, the VIP ranks). */
export type AudienceOf = (merchant: string, memberId: bigint) => Promise<Omit<repo.Reader, 'merchant' | 'memberId'> | null>;

async function announce(db: Kysely<Database>, merchant: string, memberIds: bigint[] | null) {
  const payload = JSON.stringify(memberIds ? { merchant, memberIds: memberIds.map(String) } : { merchant });
  await sql`SELECT pg_notify(${INBOX_CHANNEL}, ${payload})`.execute(db);
}

const PLAYER_AGENT_TYPES = new Set([0, 4]);

/**
 * Operator messages to players (members centre "platform information", messageV2). A send writes one message row
 * (and, for named players, one INSERT … SELECT of their ids): who receives a level, a downline or everyone is
 * decided when a player reads, so the cost of a send does not grow with the number of players. Each player's read
 * and deleted marks are theirs alone; every query is scoped by merchant and member.
 */
export class InboxService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audienceOf: AudienceOf,
  ) {}

  private async reader(merchant: string, memberId: bigint): Promise<repo.Reader> {
    const audience = await this.audienceOf(merchant, memberId);
    if (!audience) throw new AppError('login.not.session');
    return { merchant, memberId, ...audience };
  }

  async unread(merchant: string, memberId: bigint): Promise<number> {
    return (await repo.countInbox(this.db, await this.reader(merchant, memberId))).unread;
  }

  async list(
    merchant: string,
    memberId: bigint,
    language: string,
    fallbackLanguage: string,
    page: { page: number; size: number },
  ): Promise<{ list: InboxMessage[]; total: number; unread: number }> {
    const reader = await this.reader(merchant, memberId);
    const [rows, counts] = await Promise.all([
      repo.selectInbox(this.db, reader, { offset: (page.page - 1) * page.size, limit: page.size }),
      repo.countInbox(this.db, reader),
    ]);
    const list = rows.map((row) => {
      const texts = Object.entries(row.texts)
        .map(([lang, text]) => ({ language: lang, ...text }))
        .sort((a, b) => a.language.localeCompare(b.language));
      const text = chooseText(texts, language, fallbackLanguage);
      return {
        id: row.id,
        title: text?.title ?? '',
        content: text?.content ?? '',
        createdAt: row.created_at.getTime(),
        expiresAt: row.expires_at?.getTime() ?? null,
        read: row.read_at !== null,
      };
    });
    return { list, ...counts };
  }

  /** Marks messages read or deleted for the member, tells their other tabs, and answers the unread count. */
  async mark(merchant: string, memberId: bigint, ids: bigint[], what: 'read' | 'deleted'): Promise<{ unread: number }> {
    const reader = await this.reader(merchant, memberId);
    await this.db.transaction().execute(async (trx) => {
      await repo.mark(trx, reader, ids, what === 'read' ? 'read_at' : 'deleted_at');
      await announce(trx, merchant, [memberId]);
    });
    return { unread: (await repo.countInbox(this.db, reader)).unread };
  }

  /** Sends a message (audited); the HTML is sanitised here, whatever the client did. */
  async send(merchant: string, input: MessageInput, who: AuditActor): Promise<{ id: bigint; recipients: number | null }> {
    const texts: repo.MessageTexts = Object.fromEntries(
      Object.entries(input.texts).map(([language, text]) => [
        language,
        { title: sanitiseTitle(text.title), content: sanitiseContent(text.content) },
      ]),
    );
    if (Object.values(texts).some((text) => text.title.trim() === '')) throw refused('body/texts', 'a title is empty');
    const expiresAt = input.expiresAt == null ? null : new Date(input.expiresAt);
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw refused('body/expiresAt', 'already past');
    const target = await this.target(merchant, input);
    return this.db.transaction().execute(async (trx) => {
      const id = await repo.insertMessage(trx, {
        merchant,
        audience: input.audience,
        vipLevel: target.vipLevel,
        agentId: target.agentId,
        texts,
        expiresAt,
        sentBy: who.actor,
      });
      let recipients: number | null = null;
      let named: bigint[] | null = null;
      if (input.audience === 'members') {
        named = await repo.insertRecipients(trx, merchant, id, [
          ...new Set(input.accounts?.map((account) => account.trim().toLowerCase())),
        ]);
        recipients = named.length;
      }
      await appendAudit(trx, who, {
        action: 'message.send',
        target: `message:${id}`,
        merchantCode: merchant,
        after: {
          audience: input.audience,
          vipLevel: target.vipLevel,
          agentAccount: input.agentAccount ?? null,
          accounts: input.accounts?.length ?? null,
          recipients,
          titles: Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text.title])),
          expiresAt: expiresAt?.toISOString() ?? null,
        },
      });
      await announce(trx, merchant, named && named.length <= NAMED_NOTIFY_MAX ? named : null);
      return { id, recipients };
    });
  }

  private async target(merchant: string, input: MessageInput): Promise<{ vipLevel: number | null; agentId: bigint | null }> {
    switch (input.audience) {
      case 'members':
        if (!input.accounts?.length) throw refused('body/accounts', 'name at least one account');
        return { vipLevel: null, agentId: null };
      case 'vip':
        if (input.vipLevel === undefined) throw refused('body/vipLevel', 'choose a level');
        return { vipLevel: input.vipLevel, agentId: null };
      case 'downline': {
        const agent = input.agentAccount ? await repo.selectAgent(this.db, merchant, input.agentAccount) : undefined;
        if (!agent || PLAYER_AGENT_TYPES.has(agent.agent_type)) throw refused('body/agentAccount', 'no such agent');
        return { vipLevel: null, agentId: agent.id };
      }
      default:
        return { vipLevel: null, agentId: null };
    }
  }

  async withdraw(merchant: string, id: bigint, who: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.withdraw(trx, merchant, id);
      if (!row) throw new AppError('message.not.found');
      await appendAudit(trx, who, { action: 'message.withdraw', target: `message:${id}`, merchantCode: merchant });
      await announce(trx, merchant, null);
    });
  }

  async sent(merchant: string, page: { page: number; pageSize: number }): Promise<{ items: SentMessage[]; total: number }> {
    const { rows, total } = await repo.selectSent(this.db, merchant, {
      offset: (page.page - 1) * page.pageSize,
      limit: page.pageSize,
    });
    return {
      total,
      items: rows.map((row) => ({
        id: row.id.toString(),
        audience: row.audience,
        vipLevel: row.vip_level,
        agentAccount: row.agent_account,
        recipients: row.recipients,
        titles: Object.fromEntries(
          Object.entries(row.texts as repo.MessageTexts).map(([language, text]) => [language, text.title]),
        ),
        createdAt: row.created_at.getTime(),
        expiresAt: row.expires_at?.getTime() ?? null,
        withdrawn: row.withdrawn_at !== null,
        sentBy: row.sent_by,
        read: Number(row.read ?? 0),
      })),
    };
  }
}

const refused = (field: string, reason: string) =>
  new AppError('message.rejected', { fields: [{ field, key: 'validation.rejected', params: { reason } }] });
