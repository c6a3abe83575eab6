import { useMutation } from '@tanstack/react-query';
import * as feedbackRoutes from '@tessera/contract/routes/feedback';
import { apiUpload } from '../../../lib/api-client';

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
      return apiUpload(feedbackRoutes.submitFeedback, form, { onProgress });
    },
  });
}
