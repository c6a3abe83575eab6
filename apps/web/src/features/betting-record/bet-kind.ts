/**
 * The kind a bet row names beside the game: the catalogue's kind where the category's name would mislead (the
 * house's instant games are listed with the slots, in RNG, but a dice round is no slot).
 */
const KIND_KEYS: Readonly<Record<string, string>> = { INSTANT: 'betting.kind_instant' };

/** The translation key of the row's kind, or null to name the row by its category. */
export const betKindKey = (gameClassify: string | null): string | null =>
  gameClassify === null ? null : (KIND_KEYS[gameClassify] ?? null);
