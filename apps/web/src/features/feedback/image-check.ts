import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import type { ParseKeys } from 'i18next';

/** Why a chosen image cannot be sent (spec §9: png or jpg, 5 MB each, up to 3), or null when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): ParseKeys | null {
  if (!(FEEDBACK_LIMITS.imageTypes as readonly string[]).includes(file.type)) return 'feedback.image_type';
  if (file.size > FEEDBACK_LIMITS.imageMaxBytes) return 'feedback.image_too_large';
  return null;
}

/** Adds chosen files to those already picked: valid ones up to the limit, and the problems of the rest. */
export function addImages(current: File[], chosen: File[]): { images: File[]; problems: ParseKeys[] } {
  const images = [...current];
  const problems = new Set<ParseKeys>();
  for (const file of chosen) {
    const problem = imageProblem(file);
    if (problem) problems.add(problem);
    else if (images.length >= FEEDBACK_LIMITS.imagesMax) problems.add('feedback.too_many_images');
    else images.push(file);
  }
  return { images, problems: [...problems] };
}
