/**
 * The kind a bet row names beside the game: the catalogue's kind where the category's name would mislead (the
 * house's instant games are listed with the slots, in RNG, but a dice round is no slot).
 */
const KIND_KEYS = { INSTANT: 'betting.kind_instant' } as const;
type KindKey = (typeof KIND_KEYS)[keyof typeof KIND_KEYS];

/** The translation key of the row's kind, or null to name the row by its category. */
export const betKindKey = (gameClassify: string | null): KindKey | null =>
  gameClassify !== null && gameClassify in KIND_KEYS ? KIND_KEYS[gameClassify as keyof typeof KIND_KEYS] : null;
