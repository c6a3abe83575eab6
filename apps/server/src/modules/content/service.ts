import {
  type Announcement,
  type AnnouncementInput,
  AnnouncementInput as AnnouncementInputSchema,
  type AnnouncementLists,
  type ContentImport,
  ContentImport as ContentImportSchema,
  LIST_OF_TYPE,
  type Notice,
  type NoticePage,
} from '@tessera/contract/api/content';
import type { AnnouncementType } from '@tessera/contract/settings';
import type { Kysely } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Database } from '../../db/schema.js';
import { type AuditActor, AuditLog } from '../audit-log/service.js';
import { chooseText } from './choose-text.js';
import { ContentRejected } from './errors.js';
import * as repo from './repo.js';
import { sanitiseContent, sanitiseTitle } from './sanitise.js';

/** At most this many items per list in one announcements answer; the notice page pages through the rest. */
export const LIST_LIMIT = 50;

export interface Audience {
  merchantCode: string;
  platform: 'W' | 'M';
  /** The request's language, when it sent a usable one. */
  language: string | null;
  /** The merchant's default language (site settings). */
  defaultLanguage: string;
}

const checkImport = Compile(ContentImportSchema);
const checkInput = Compile(AnnouncementInputSchema);

/** The name an announcement row records as its author: staff carry their prefix, as in the settings' history. */
const authorName = (by: AuditActor) => (by.kind === 'staff' ? `staff:${by.actor}` : by.actor);

/**
 * Announcements and notices of a merchant: operators write them (validated, sanitised, audited), the site reads
 * the ones live now in the visitor's language.
 */
export class ContentService {
  private readonly auditLog: AuditLog;

  constructor(private readonly db: Kysely<Database>) {
    this.auditLog = new AuditLog(db);
  }

  /** Every requested list, each holding only items live at `now`, sorted; unrequested lists are empty. */
  async announcements(audience: Audience, types: AnnouncementType[], now: Date): Promise<AnnouncementLists> {
    const lists: AnnouncementLists = { banners: [], player: [], popup: [], promotion: [], headline: [] };
    for (const type of new Set(types)) {
      const rows = await repo.selectLive(this.db, this.filter(audience, type, now), LIST_LIMIT);
      lists[LIST_OF_TYPE[type]] = await this.localise(rows, audience);
    }
    return lists;
  }

  /** Spec §2.6: player notices live now, a page at a time; a page past the end is empty, not an error. */
  async noticePage(audience: Audience, pageNum: number, pageSize: number, now: Date): Promise<NoticePage> {
    const filter = this.filter(audience, 'PL', now);
    const total = await repo.countLive(this.db, filter);
    const offset = (pageNum - 1) * pageSize;
    const rows = offset < total ? await repo.selectLive(this.db, filter, pageSize, offset) : [];
    const content = (await this.localise(rows, audience)).map(toNotice);
    return { content, pageNum, pageSize, totalPages: Math.ceil(total / pageSize), total };
  }

  async notice(audience: Audience, id: bigint, now: Date): Promise<Notice | null> {
    const row = await repo.selectLiveById(this.db, this.filter(audience, 'PL', now), id);
    if (!row) return null;
    const [item] = await this.localise([row], audience);
    return item ? toNotice(item) : null;
  }

  /** The agent centre's notices (audience `agents`) live at `now`, in the reader's language, a page at a time. */
  async agentNotices(audience: Audience, page: number, pageSize: number, now: Date) {
    const { rows, total } = await repo.selectAgentNotices(this.db, audience.merchantCode, now, pageSize, (page - 1) * pageSize);
    return { notices: (await this.localise(rows, audience)).map(toNotice), total };
  }

  async agentNotice(audience: Audience, id: bigint, now: Date): Promise<Notice | null> {
    const row = await repo.selectAgentNotice(this.db, audience.merchantCode, now, id);
    if (!row) return null;
    const [item] = await this.localise([row], audience);
    return item ? toNotice(item) : null;
  }

  /** Adds one announcement with an audit row; refuses it with every reason when it is not acceptable. */
  async add(merchantCode: string, input: AnnouncementInput, by: AuditActor): Promise<bigint> {
    const [id] = await this.import(merchantCode, { announcements: [input] }, by);
    return id as bigint;
  }

  /** Adds every announcement of the file in one transaction: all of them or, on any problem, none. */
  async import(merchantCode: string, file: unknown, by: AuditActor): Promise<bigint[]> {
    const actor = authorName(by);
    if (!checkImport.Check(file)) {
      const reasons = checkImport
        .Errors(file)
        .slice(0, 8)
        .map((error) => `${error.instancePath || '/'} ${error.message}`);
      throw new ContentRejected(reasons);
    }
    const prepared = (file as ContentImport).announcements.map((input, index) => prepare(input, index, new Date()));
    const reasons = prepared.flatMap((item) => item.problems);
    if (reasons.length) throw new ContentRejected(reasons);
    return this.db.transaction().execute(async (trx) => {
      const ids: bigint[] = [];
      for (const { row, texts } of prepared) {
        const id = await repo.insertAnnouncement(trx, merchantCode, row, texts, actor);
        const after = snapshot(row, texts);
        await repo.insertAudit(trx, {
          merchantCode,
          announcementId: id,
          action: 'create',
          oldValue: null,
          newValue: after,
          actor,
        });
        await this.auditLog.append(by, { action: 'content.create', merchantCode, target: `announcement ${id}`, after }, trx);
        ids.push(id);
      }
      return ids;
    });
  }

  /** Ends an announcement's window now (it stops showing at once) and records the change. */
  async end(merchantCode: string, id: bigint, by: AuditActor, onlyType?: AnnouncementType): Promise<void> {
    const actor = authorName(by);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.lockOwned(trx, merchantCode, id, onlyType);
      const now = new Date();
      const endsAt = now > current.starts_at ? now : new Date(current.starts_at.getTime() + 1);
      await trx
        .updateTable('announcements')
        .set({ ends_at: endsAt, updated_at: now, updated_by: actor })
        .where('id', '=', id)
        .execute();
      const before = { endTime: current.ends_at?.toISOString() ?? null };
      const after = { endTime: endsAt.toISOString() };
      await repo.insertAudit(trx, {
        merchantCode,
        announcementId: id,
        action: 'update',
        oldValue: before,
        newValue: after,
        actor,
      });
      await this.auditLog.append(by, { action: 'content.end', merchantCode, target: `announcement ${id}`, before, after }, trx);
    });
  }

  /**
   * Replaces an announcement (type, window, placement, every language's text) after the same checks as a new
   * one; a language left out is removed. Records the full before and after.
   */
  async update(merchantCode: string, id: bigint, input: AnnouncementInput, by: AuditActor): Promise<void> {
    if (!checkInput.Check(input)) {
      throw new ContentRejected(
        checkInput
          .Errors(input)
          .slice(0, 8)
          .map((error) => `${error.instancePath || '/'} ${error.message}`),
      );
    }
    const { row, texts, problems } = prepare(input, 0, new Date());
    if (problems.length) throw new ContentRejected(problems);
    const actor = authorName(by);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.lockOwned(trx, merchantCode, id);
      const before = snapshot(current, await repo.selectTexts(trx, [id]));
      await repo.replaceAnnouncement(trx, id, row, texts, actor);
      const after = snapshot(row, texts);
      await repo.insertAudit(trx, {
        merchantCode,
        announcementId: id,
        action: 'update',
        oldValue: before,
        newValue: after,
        actor,
      });
      await this.auditLog.append(
        by,
        { action: 'content.update', merchantCode, target: `announcement ${id}`, before, after },
        trx,
      );
    });
  }

  /** Deletes an announcement; the audit row keeps a full copy of what was removed. */
  async remove(merchantCode: string, id: bigint, by: AuditActor, onlyType?: AnnouncementType): Promise<void> {
    const actor = authorName(by);
    await this.db.transaction().execute(async (trx) => {
      const current = await this.lockOwned(trx, merchantCode, id, onlyType);
      const before = snapshot(current, await repo.selectTexts(trx, [id]));
      await repo.deleteAnnouncement(trx, id);
      await repo.insertAudit(trx, {
        merchantCode,
        announcementId: id,
        action: 'remove',
        oldValue: before,
        newValue: null,
        actor,
      });
      await this.auditLog.append(by, { action: 'content.remove', merchantCode, target: `announcement ${id}`, before }, trx);
    });
  }

  /** For the back office: one page of announcements of every state, with all their languages, and the total. */
  async page(merchantCode: string, filter: Omit<repo.AdminFilter, 'merchantCode' | 'now'>, offset: number, limit: number) {
    const query = { ...filter, merchantCode, now: new Date() };
    const [rows, total] = await Promise.all([
      repo.selectAdminPage(this.db, query, offset, limit),
      repo.countAdmin(this.db, query),
    ]);
    const texts = await repo.selectTexts(
      this.db,
      rows.map((row) => row.id),
    );
    return { rows: rows.map((row) => ({ ...row, texts: texts.filter((text) => text.announcement_id === row.id) })), total };
  }

  /** For operators: every announcement (of a type), with its texts; ended ones only when asked. */
  async list(merchantCode: string, options: { type?: AnnouncementType; includeEnded: boolean; limit: number }) {
    const rows = await repo.selectForAdmin(
      this.db,
      merchantCode,
      options.type,
      options.includeEnded ? null : new Date(),
      options.limit,
    );
    const texts = await repo.selectTexts(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, texts: texts.filter((text) => text.announcement_id === row.id) }));
  }

  audit(merchantCode: string, limit: number) {
    return repo.selectAudit(this.db, merchantCode, limit);
  }

  private async lockOwned(trx: Kysely<Database>, merchantCode: string, id: bigint, onlyType?: AnnouncementType) {
    const current = await repo.lockAnnouncement(trx, merchantCode, id);
    if (!current || (onlyType && current.type !== onlyType)) {
      throw new ContentRejected([`no ${onlyType === 'PL' ? 'notice' : 'announcement'} ${id} for merchant ${merchantCode}`]);
    }
    return current;
  }

  private filter(audience: Audience, type: string, now: Date): repo.LiveFilter {
    return { merchantCode: audience.merchantCode, type, platform: audience.platform, now };
  }

  private async localise(rows: repo.AnnouncementRow[], audience: Audience): Promise<Announcement[]> {
    const texts = await repo.selectTexts(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.flatMap((row) => {
      const text = chooseText(
        texts.filter((candidate) => candidate.announcement_id === row.id),
        audience.language,
        audience.defaultLanguage,
      );
      if (!text) return [];
      return [
        {
          id: row.id.toString(),
          type: row.type as AnnouncementType,
          title: text.title,
          content: text.content,
          language: text.language,
          url: row.image_path,
          groupName: row.group_name,
          linkageType: row.linkage_type as Announcement['linkageType'],
          link: row.link,
          sortOrder: row.sort_order,
          time: row.starts_at.getTime(),
          endTime: row.ends_at?.getTime() ?? null,
        },
      ];
    });
  }
}

const toNotice = (item: Announcement): Notice => ({ id: item.id, title: item.title, content: item.content, time: item.time });

function snapshot(row: repo.NewAnnouncement, texts: { language: string; title: string; content: string }[]) {
  return {
    type: row.type,
    platform: row.platform,
    audience: row.audience,
    startTime: row.starts_at.toISOString(),
    endTime: row.ends_at?.toISOString() ?? null,
    sortOrder: row.sort_order,
    image: row.image_path,
    groupName: row.group_name,
    linkageType: row.linkage_type,
    link: row.link,
    texts: Object.fromEntries(texts.map((text) => [text.language, { title: text.title, content: text.content }])),
  };
}

/** A site route: one leading slash (a second would make it another host), no scheme, no spaces. */
const ROUTE_PATTERN = /^\/(?!\/)[^\s\\]*$/;

function isHttpsUrl(raw: string): boolean {
  try {
    return new URL(raw).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates what a schema cannot (times, links, emptiness after sanitising) and builds the rows. */
function prepare(input: AnnouncementInput, index: number, now: Date) {
  const at = `announcements[${index}]`;
  const problems: string[] = [];
  const startsAt = input.startTime === undefined ? now : new Date(input.startTime);
  const endsAt = input.endTime == null ? null : new Date(input.endTime);
  if (Number.isNaN(startsAt.getTime())) problems.push(`${at}.startTime is not an ISO date-time`);
  if (endsAt && Number.isNaN(endsAt.getTime())) problems.push(`${at}.endTime is not an ISO date-time`);
  if (endsAt && endsAt <= startsAt) problems.push(`${at}.endTime must be after startTime`);

  const linkageType = input.linkageType ?? 'none';
  const link = input.link ?? null;
  if (linkageType === 'none' && link !== null) problems.push(`${at}.link needs linkageType route or url`);
  if (linkageType === 'route' && !(link && ROUTE_PATTERN.test(link)))
    problems.push(`${at}.link must be a site route like /promotions`);
  if (linkageType === 'url' && !(link && isHttpsUrl(link))) problems.push(`${at}.link must be an https:// URL`);

  const image = input.image ?? null;
  if (image !== null && !ROUTE_PATTERN.test(image) && !isHttpsUrl(image)) {
    problems.push(`${at}.image must be a site path like /media/content/x.svg or an https:// URL`);
  }
  if (input.type === 'B' && image === null) problems.push(`${at}.image: a banner (B) needs an image`);
  const audience = input.audience ?? 'players';
  if (audience === 'agents' && input.type !== 'PL') problems.push(`${at}.audience: agents read notices (PL) only`);

  const texts = Object.entries(input.texts).map(([language, text]) => {
    const title = sanitiseTitle(text.title);
    const content = sanitiseContent(text.content);
    if (title === '') problems.push(`${at}.texts.${language}.title is empty once tags are removed`);
    return { language, title, content };
  });

  const row: repo.NewAnnouncement = {
    type: input.type,
    platform: input.platform ?? 'A',
    audience,
    starts_at: startsAt,
    ends_at: endsAt,
    sort_order: input.sortOrder ?? 0,
    image_path: image,
    group_name: input.groupName ?? null,
    linkage_type: linkageType,
    link,
  };
  return { row, texts, problems };
}
