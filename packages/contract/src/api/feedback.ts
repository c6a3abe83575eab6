import { type Static, Type } from 'typebox';
import { FEEDBACK_LIMITS } from '../feedback-limits.js';
import * as routes from '../routes/feedback.js';
import { defineCall } from './call.js';

/**
 * Player feedback (spec §5, §7.4 `PUT /wps/feedback`), token-free (spec §6); a valid token links it to the member.
 * The body is multipart/form-data: `content`, optional `contact`, and up to three `images` parts.
 */

/** The multipart field names. Any other part is refused with `validation.unknown_field`. */
export const FEEDBACK_FIELDS = { content: 'content', contact: 'contact', images: 'images' } as const;

/** Message keys of the feedback field errors that JSON-schema keywords cannot express. */
export const FEEDBACK_KEYS = {
  imageType: 'feedback.image_type',
  imageTooLarge: 'feedback.image_too_large',
  tooManyImages: 'feedback.too_many_images',
} as const;

export const FeedbackReceipt = Type.Object({
  id: Type.String({ description: 'Decimal id of the stored feedback' }),
  imageCount: Type.Integer({ minimum: 0, maximum: FEEDBACK_LIMITS.imagesMax }),
});
export type FeedbackReceipt = Static<typeof FeedbackReceipt>;

export const submitFeedback = defineCall(routes.submitFeedback, {
  tags: ['feedback'],
  summary:
    'Send feedback: multipart/form-data with content (1-1000 chars), contact (optional, ≤100) and up to 3 png/jpg images of ≤5 MB; 5 a 5-minute window per IP',
  value: FeedbackReceipt,
});

export const feedbackCalls = [submitFeedback];
