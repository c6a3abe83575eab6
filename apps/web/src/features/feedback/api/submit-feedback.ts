import { useMutation } from '@tanstack/react-query';
import type { FeedbackReceipt } from '@tessera/contract/api/feedback';
import { apiUpload, type CallTarget } from '../../../lib/api-client';

/** `submitFeedback` of packages/contract/src/api/feedback.ts (checked by content-calls.test.ts). */
export const feedbackCall = { method: 'PUT', path: '/wps/feedback' } as const satisfies CallTarget;

/** Spec §5/§9 upload limits, repeated from the contract's FEEDBACK_LIMITS (feedback-limits.test.ts keeps them equal). */
export const FEEDBACK_LIMITS = {
  contentMaxLength: 1000,
  contactMaxLength: 100,
  imageMaxBytes: 5 * 1024 * 1024,
  imagesMax: 3,
  imageTypes: ['image/png', 'image/jpeg'],
} as const;

export interface FeedbackInput {
  content: string;
  contact: string;
  images: File[];
}

/** PUT /wps/feedback as multipart form data; `onProgress` gets the upload's fraction done. */
export function useSubmitFeedback(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: ({ content, contact, images }: FeedbackInput) => {
      const form = new FormData();
      form.append('content', content);
      if (contact) form.append('contact', contact);
      for (const image of images) form.append('images', image, image.name);
      return apiUpload<FeedbackReceipt>(feedbackCall, form, { onProgress });
    },
  });
}
