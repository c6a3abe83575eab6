/**
 * Feedback upload limits (spec §5, §9: png or jpg, 5 MB each, up to 3). Plain constants with no schema
 * library, so the web app imports them without pulling TypeBox into its bundle.
 */
export const FEEDBACK_LIMITS = {
  contentMaxLength: 1000,
  contactMaxLength: 100,
  /** Spec §5 / §9: png or jpg, 5 MB each, up to 3. */
  imageMaxBytes: 5 * 1024 * 1024,
  imagesMax: 3,
  imageTypes: ['image/png', 'image/jpeg'],
} as const;
