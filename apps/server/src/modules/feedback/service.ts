import { createHash } from 'node:crypto';
import type { FeedbackReceipt } from '@tessera/contract/api/feedback';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FeedbackForm } from './form.js';
import * as repo from './repo.js';

/** Attempts per IP and window. Fixed windows of 5 minutes match the client's "try again after 5 minutes". */
export const FEEDBACK_ATTEMPTS_PER_WINDOW = 5;
export const FEEDBACK_WINDOW_MS = 5 * 60_000;
/** Windows older than this are deleted when a new one opens, so the table stays small. */
const WINDOW_RETENTION_MS = 60 * 60_000;

const USER_AGENT_MAX_LENGTH = 500;

export interface FeedbackOrigin {
  merchantCode: string;
  memberId: bigint | null;
  ip: string;
  userAgent: string | null;
  language: string | null;
}

/** Stores player feedback with its images (in the database, so every instance sees them) and rate-limits it. */
export class FeedbackService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt from `ip`; false once the window's quota is spent. Attempts count before the body is read,
   * so a flood of large uploads is cut off after five, valid or not.
   */
  async allowAttempt(ip: string, now: number): Promise<boolean> {
    const windowStart = new Date(now - (now % FEEDBACK_WINDOW_MS));
    const hits = await repo.hitWindow(this.db, ip, windowStart);
    if (hits === 1) await repo.deleteWindowsBefore(this.db, new Date(now - WINDOW_RETENTION_MS));
    return hits <= FEEDBACK_ATTEMPTS_PER_WINDOW;
  }

  async submit(origin: FeedbackOrigin, form: FeedbackForm): Promise<FeedbackReceipt> {
    const images = form.images.map((image, index) => ({
      position: index + 1,
      mime: image.mime,
      size_bytes: image.bytes.length,
      sha256: createHash('sha256').update(image.bytes).digest(),
      data: image.bytes,
    }));
    const id = await this.db.transaction().execute((trx) =>
      repo.insertFeedback(
        trx,
        {
          merchant_code: origin.merchantCode,
          member_id: origin.memberId,
          content: form.content,
          contact: form.contact,
          ip: origin.ip,
          user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
          language: origin.language,
        },
        images,
      ),
    );
    return { id: id.toString(), imageCount: images.length };
  }

  async recent(merchantCode: string, limit: number) {
    const rows = await repo.selectRecent(this.db, merchantCode, limit);
    return rows.map((row) => ({ ...row, image_count: Number(row.image_count ?? 0) }));
  }

  async show(merchantCode: string, id: bigint) {
    const feedback = await repo.selectOne(this.db, merchantCode, id);
    if (!feedback) return null;
    return { ...feedback, images: await repo.selectImageMeta(this.db, id) };
  }

  image(merchantCode: string, imageId: bigint) {
    return repo.selectImage(this.db, merchantCode, imageId);
  }
}
