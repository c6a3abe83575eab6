/*
 * The slice of the Web Crypto API the sealing helper needs, typed here because the contract package compiles
 * without the DOM library. `globalThis.crypto` is the same object in browsers and in Node ≥ 20.
 */
export interface CryptoKeyLike {
  readonly type: string;
}

interface SubtleLike {
  importKey(
    format: 'spki' | 'raw',
    keyData: Uint8Array,
    algorithm: { name: string; hash?: string },
    extractable: boolean,
    usages: string[],
  ): Promise<CryptoKeyLike>;
  encrypt(
    algorithm: { name: string; iv?: Uint8Array; additionalData?: Uint8Array; tagLength?: number },
    key: CryptoKeyLike,
    data: Uint8Array,
  ): Promise<ArrayBuffer>;
}

interface WebCryptoLike {
  subtle: SubtleLike;
  getRandomValues<T extends Uint8Array>(array: T): T;
}

interface TextCodecs {
  TextEncoder: new () => { encode(text: string): Uint8Array };
}

export function webCrypto(): WebCryptoLike {
  const crypto = (globalThis as unknown as { crypto?: WebCryptoLike }).crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto is not available (a secure context is required in browsers)');
  return crypto;
}

export const utf8 = (text: string): Uint8Array => new (globalThis as unknown as TextCodecs).TextEncoder().encode(text);
