// Provably fair RNG: the server commits to SHA-256(serverSeed) before play; every number of a round comes
// from HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`), so once the seed is revealed anyone can
// re-compute the round. The algorithm is specified for players in ../../README.md; changing anything here
// changes every past round's verification, so the known-answer tests pin it.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const SERVER_SEED_BYTES = 32;
/** Client seeds are what a player types: printable ASCII keeps them unambiguous in every UI and log. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;
const TWO_POW_32 = 0x1_0000_0000;

/** The inputs that fix every number of one round. */
export interface RoundSeeds {
  /** 64 lowercase hex characters (32 bytes); secret until the player rotates it. */
  serverSeed: string;
  clientSeed: string;
  /** The player's round counter under this server seed: 0, 1, 2, … */
  nonce: number;
}

/** A stream of uniform random numbers; games draw only through this, so any source can drive them. */
export interface RandomSource {
  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number;
}

export function isServerSeed(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

export function isClientSeed(value: string): boolean {
  return CLIENT_SEED_PATTERN.test(value);
}

/** A fresh server seed from 32 bytes the caller drew with crypto.getRandomValues (Node or browser). */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== SERVER_SEED_BYTES) throw new RangeError(`a server seed is ${SERVER_SEED_BYTES} bytes`);
  return bytesToHex(bytes);
}

/** The commitment published before play: SHA-256 of the 32 seed bytes (not of the hex text), in hex. */
export function commitServerSeed(serverSeed: string): string {
  assertServerSeed(serverSeed);
  return bytesToHex(sha256(hexToBytes(serverSeed)));
}

/** True when a revealed server seed is the one committed to. */
export function verifyServerSeed(serverSeed: string, commitment: string): boolean {
  return isServerSeed(serverSeed) && commitServerSeed(serverSeed) === commitment.toLowerCase();
}

/** The 32-byte block `cursor` of a round: HMAC-SHA256(key = seed bytes, message = UTF-8 text). */
export function roundBlock(seeds: RoundSeeds, cursor: number): Uint8Array {
  assertSeeds(seeds);
  return hmac(sha256, hexToBytes(seeds.serverSeed), utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`));
}

/**
 * A server seed prepared as an HMAC key (the inner and outer padded states hashed once): a player's rounds
 * all use the same seed, so a caller playing many rounds keeps one and hands it to each FairStream.
 */
export class ServerSeedKey {
  private readonly keyed: ReturnType<typeof hmac.create>;

  constructor(readonly serverSeed: string) {
    assertServerSeed(serverSeed);
    this.keyed = hmac.create(sha256, hexToBytes(serverSeed));
  }

  /** HMAC-SHA256(seed, message): same bytes as `hmac(sha256, seed, message)`, from the prepared state. */
  mac(message: string): Uint8Array {
    return this.keyed.clone().update(utf8ToBytes(message)).digest();
  }
}

/** The round's stream of 32-bit words: block 0's eight big-endian words, then block 1's, and so on. */
export class FairStream implements RandomSource {
  private readonly key: ServerSeedKey;
  private readonly prefix: string;
  private block: Uint8Array = new Uint8Array(32);
  private view = new DataView(this.block.buffer);
  private cursor = 0;
  private word = 8;

  constructor(
    readonly seeds: RoundSeeds,
    key?: ServerSeedKey,
  ) {
    assertSeeds(seeds);
    if (key && key.serverSeed !== seeds.serverSeed) throw new RangeError('the key is for another server seed');
    this.key = key ?? new ServerSeedKey(seeds.serverSeed);
    this.prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  }

  nextUint32(): number {
    if (this.word === 8) {
      this.block = this.key.mac(`${this.prefix}${this.cursor}`);
      this.view = new DataView(this.block.buffer, this.block.byteOffset, 32);
      this.cursor += 1;
      this.word = 0;
    }
    const value = this.view.getUint32(this.word * 4, false);
    this.word += 1;
    return value;
  }

  /** Blocks consumed so far (the next block's cursor). */
  get blocksUsed(): number {
    return this.cursor;
  }
}

/**
 * Uniform integer in [0, n) without modulo bias: a word at or above the largest multiple of n below 2^32
 * is rejected and the next word drawn (probability < n / 2^32 per draw).
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`uniformInt needs 1 ≤ n ≤ 2^32, got ${n}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const word = source.nextUint32();
    if (word < limit) return word % n;
  }
}

/** Uniform float in [0, 1) with 53 random bits: (first word >>> 5) · 2^26 + (second word >>> 6), over 2^53. */
export function uniformFloat(source: RandomSource): number {
  const high = source.nextUint32() >>> 5;
  const low = source.nextUint32() >>> 6;
  return (high * 0x400_0000 + low) / 2 ** 53;
}

/** The first `count` integers in [0, n) of a round: what a verifier needs for a simple draw. */
export function roundInts(seeds: RoundSeeds, count: number, n: number): number[] {
  const stream = new FairStream(seeds);
  return Array.from({ length: count }, () => uniformInt(stream, n));
}

/** Re-computes any round: the same seeds and game function give the same outcome, on the server or a page. */
export function replayRound<T>(seeds: RoundSeeds, play: (source: RandomSource) => T): T {
  return play(new FairStream(seeds));
}

function assertServerSeed(serverSeed: string): void {
  if (!isServerSeed(serverSeed)) throw new RangeError('a server seed is 64 lowercase hex characters');
}

function assertSeeds({ serverSeed, clientSeed, nonce }: RoundSeeds): void {
  assertServerSeed(serverSeed);
  if (!isClientSeed(clientSeed)) throw new RangeError('a client seed is 1–64 printable ASCII characters');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('a nonce is a non-negative integer');
}
