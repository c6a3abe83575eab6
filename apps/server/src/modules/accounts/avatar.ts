import { randomBytes } from 'node:crypto';
import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { PlayerAvatar } from '@tessera/contract/api/member-profile';
import { AVATAR_LIMITS, AVATAR_MEDIA_PREFIX, type BuiltInAvatar } from '@tessera/contract/avatar-limits';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { ReencodeError, reencodeSquareWebp } from '../../platform/image-reencode.js';
import { takeTurn } from '../throttle/service.js';
import { sessionMember } from './member-info.js';

/** One upload per member every few seconds: re-encoding costs CPU, and nobody changes a picture faster. */
export const AVATAR_UPLOAD_INTERVAL_MS = 5_000;

const NAME_PATTERN = /^([A-Za-z0-9_-]{22})\.webp$/;

const PROBLEM_CODES = {
  type: 'avatar.image.type',
  dimensions: 'avatar.image.dimensions',
  unreadable: 'avatar.image.unreadable',
} as const;

/**
 * The player's avatar (spec §3): a built-in picture (STATIC, drawn by the web app) or their own (CUSTOM). An upload
 * is decoded and written anew (platform/image-reencode.ts) before it is stored, so what is served is a picture the
 * server made, never the bytes a player sent. A player keeps one stored picture: choosing another drops the old.
 */
export class AvatarService {
  constructor(private readonly db: Kysely<Database>) {}

  private async realMember(session: SessionPrincipal) {
    const member = await sessionMember(this.db, session);
    if (member.agent_type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    return member;
  }

  async choose(session: SessionPrincipal, avatar: BuiltInAvatar): Promise<PlayerAvatar> {
    const member = await this.realMember(session);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ avatar, avatar_type: 'STATIC' }).where('id', '=', member.id).execute();
      await trx.deleteFrom('member_avatar_images').where('member_id', '=', member.id).execute();
    });
    return { avatar, avatarType: 'STATIC' };
  }

  async upload(session: SessionPrincipal, bytes: Buffer): Promise<PlayerAvatar> {
    const member = await this.realMember(session);
    if (!(await takeTurn(this.db, 'avatar:member', String(member.id), AVATAR_UPLOAD_INTERVAL_MS))) {
      throw new AppError('rate.limited');
    }
    let picture: Buffer;
    try {
      picture = await reencodeSquareWebp(bytes, {
        size: AVATAR_LIMITS.storedSize,
        maxInputPixels: AVATAR_LIMITS.maxInputPixels,
      });
    } catch (error) {
      if (error instanceof ReencodeError) throw new AppError(PROBLEM_CODES[error.problem]);
      throw error;
    }
    const name = randomBytes(16).toString('base64url');
    const avatar = `${AVATAR_MEDIA_PREFIX}${name}.webp`;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('member_avatar_images').where('member_id', '=', member.id).execute();
      await trx
        .insertInto('member_avatar_images')
        .values({ name, member_id: member.id, mime: 'image/webp', data: picture })
        .execute();
      await trx.updateTable('members').set({ avatar, avatar_type: 'CUSTOM' }).where('id', '=', member.id).execute();
    });
    return { avatar, avatarType: 'CUSTOM' };
  }

  /** A stored picture by the file name of its address; null for a name that is not one. */
  async picture(fileName: string): Promise<{ mime: string; data: Buffer } | null> {
    const name = NAME_PATTERN.exec(fileName)?.[1];
    if (!name) return null;
    const row = await this.db
      .selectFrom('member_avatar_images')
      .select(['mime', 'data'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row ?? null;
  }
}
