import type { ProductConfig } from '@tessera/contract/settings';

/**
 * The language of an answer: the call's `language` parameter when it sends one, else the `Language` header;
 * either is reduced to its primary subtag (en-US → en). A language the merchant does not support falls back to
 * the merchant's default (spec §1: BN by default).
 */
export function resolveLanguage(
  parameter: string | undefined,
  header: string | string[] | undefined,
  product: Pick<ProductConfig, 'defaultLang' | 'supportLanguages'>,
): string {
  const raw = parameter ?? (Array.isArray(header) ? header[0] : header);
  const primary = raw?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && product.supportLanguages.includes(primary) ? primary : product.defaultLang;
}

/** A name in `language`, else in English (every stored name set has `en`). */
export function nameIn(names: unknown, language: string): string {
  const byLanguage = names as Record<string, string>;
  return byLanguage[language] ?? byLanguage.en ?? '';
}
