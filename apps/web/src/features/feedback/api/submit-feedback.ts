import { useMutation } from '@tanstack/react-query';
import type { FeedbackReceipt } from '@tessera/contract/api/feedback';
import { apiUpload, type CallTarget } from '../../../lib/api-client';

/** `submitFeedback` of packages/contract/src/api/feedback.ts (checked by content-calls.test.ts). */
export const feedbackCall = { method: 'PUT', path: '/wps/feedback' } as const satisfies CallTarget;

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
