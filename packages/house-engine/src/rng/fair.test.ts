import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chiSquareUniform } from '../stats/chi-square.js';
import {
  commitServerSeed,
  FairStream,
  isClientSeed,
  type RandomSource,
  type RoundSeeds,
  replayRound,
  roundBlock,
  roundInts,
  serverSeedFromBytes,
  uniformFloat,
  uniformInt,
  verifyServerSeed,
} from './fair.js';

const SEED = serverSeedFromBytes(Uint8Array.from({ length: 32 }, (_, i) => i));
const ROUND: RoundSeeds = { serverSeed: SEED, clientSeed: 'player-seed', nonce: 0 };
/** A source replaying fixed words, to drive the samplers exactly. */
const scripted = (words: number[]): RandomSource & { used: number } => ({
  used: 0,
  nextUint32() {
    const word = words[this.used++];
    if (word === undefined) throw new Error('script exhausted');
    return word;
  },
});

describe('seed commitment', () => {
  it('is SHA-256 of the 32 seed bytes (known answer)', () => {
    expect(SEED).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(commitServerSeed(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('verifies the revealed seed and nothing else', () => {
    const seed = serverSeedFromBytes(randomBytes(32));
    const commitment = commitServerSeed(seed);
    expect(verifyServerSeed(seed, commitment)).toBe(true);
    expect(verifyServerSeed(seed, commitment.toUpperCase())).toBe(true);
    expect(verifyServerSeed(SEED, commitment)).toBe(false);
    expect(verifyServerSeed(`${seed.slice(0, 63)}x`, commitment)).toBe(false);
    expect(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(commitment);
  });

  it('refuses malformed seeds', () => {
    expect(() => serverSeedFromBytes(new Uint8Array(31))).toThrow(RangeError);
    expect(() => commitServerSeed('ABC')).toThrow(RangeError);
    expect(() => new FairStream({ ...ROUND, clientSeed: '' })).toThrow(RangeError);
    expect(() => new FairStream({ ...ROUND, clientSeed: 'has space' })).toThrow(RangeError);
    expect(() => new FairStream({ ...ROUND, nonce: -1 })).toThrow(RangeError);
    expect(isClientSeed('x'.repeat(64))).toBe(true);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
  });
});

describe('round stream', () => {
  it('is HMAC-SHA256(seed, "client:nonce:cursor") read as big-endian words (known answer)', () => {
    const stream = new FairStream(ROUND);
    const words = Array.from({ length: 9 }, () => stream.nextUint32());
    expect(words).toEqual([
      3426456839, 178708153, 3709246271, 1377389346, 963651406, 613590021, 333717664, 2245987756, 253878941,
    ]);
    expect(Buffer.from(roundBlock(ROUND, 0)).toString('hex')).toBe(
      'cc3b95070aa6deb9dd169b3f52194b223970274e2492a40513e420a085df0dac',
    );
    expect(stream.blocksUsed).toBe(2);
  });

  it('matches an independent HMAC implementation for random seeds', () => {
    for (let i = 0; i < 20; i++) {
      const seeds = { serverSeed: randomBytes(32).toString('hex'), clientSeed: `c${i}:x`, nonce: i * 7919 };
      const stream = new FairStream(seeds);
      for (let cursor = 0; cursor < 3; cursor++) {
        const block = createHmac('sha256', Buffer.from(seeds.serverSeed, 'hex'))
          .update(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`)
          .digest();
        for (let w = 0; w < 8; w++) expect(stream.nextUint32()).toBe(block.readUInt32BE(w * 4));
      }
    }
  });

  it('is deterministic per (server seed, client seed, nonce) and differs when any changes', () => {
    const draw = (seeds: RoundSeeds) => roundInts(seeds, 16, 1_000_000);
    expect(draw(ROUND)).toEqual(draw({ ...ROUND }));
    expect(replayRound(ROUND, (s) => uniformInt(s, 1_000_000))).toBe(draw(ROUND)[0]);
    expect(draw({ ...ROUND, nonce: 1 })).not.toEqual(draw(ROUND));
    expect(draw({ ...ROUND, clientSeed: 'other' })).not.toEqual(draw(ROUND));
    expect(draw({ ...ROUND, serverSeed: commitServerSeed(SEED) })).not.toEqual(draw(ROUND));
  });
});

describe('uniform integers', () => {
  it('rejects words at or above the largest multiple of n instead of folding them', () => {
    const source = scripted([0xffff_ffff, 7]);
    expect(uniformInt(source, 3)).toBe(1);
    expect(source.used).toBe(2);
    const half = scripted([0x8000_0001, 0x7fff_ffff]);
    expect(uniformInt(half, 0x8000_0001)).toBe(0x7fff_ffff);
    expect(half.used).toBe(2);
    expect(uniformInt(scripted([0xffff_ffff]), 2 ** 32)).toBe(0xffff_ffff);
    expect(uniformInt(scripted([12345]), 1)).toBe(0);
    expect(() => uniformInt(scripted([]), 0)).toThrow(RangeError);
    expect(() => uniformInt(scripted([]), 2 ** 32 + 1)).toThrow(RangeError);
  });

  it('maps words to [0, 1) with 53 bits', () => {
    expect(uniformFloat(scripted([0, 0]))).toBe(0);
    expect(uniformFloat(scripted([0xffff_ffff, 0xffff_ffff]))).toBe(1 - 2 ** -53);
    expect(uniformFloat(scripted([0x8000_0000, 0]))).toBe(0.5);
  });

  // Chi-square at significance α = 0.001 (fixed seeds, so the outcome is reproducible). The n = 3·2^30
  // case would fail by a mile with plain modulo: words ≥ 3·2^30 would fold onto the first third, making
  // it twice as likely as each of the others.
  it.each([
    { n: 10, draws: 1_000_000, buckets: 10, bucketOf: (v: number) => v },
    { n: 37, draws: 200_000, buckets: 37, bucketOf: (v: number) => v },
    { n: 3 * 2 ** 30, draws: 100_000, buckets: 3, bucketOf: (v: number) => Math.floor(v / 2 ** 30) },
  ])(
    'is uniform over [0, $n) by chi-square ($draws draws, α = 0.001)',
    { timeout: 30_000 },
    ({ n, draws, buckets, bucketOf }) => {
      const counts = new Float64Array(buckets);
      const stream = new FairStream({ serverSeed: SEED, clientSeed: `uniform-${n}`, nonce: 0 });
      for (let i = 0; i < draws; i++) {
        const bucket = bucketOf(uniformInt(stream, n));
        counts[bucket] = (counts[bucket] ?? 0) + 1;
      }
      expect(chiSquareUniform(counts).pValue).toBeGreaterThan(0.001);
    },
  );

  it('gives uniform floats by chi-square over 100 bins (10^5 draws, α = 0.001)', () => {
    const counts = new Float64Array(100);
    const stream = new FairStream({ serverSeed: SEED, clientSeed: 'floats', nonce: 0 });
    for (let i = 0; i < 100_000; i++) {
      const bin = Math.floor(uniformFloat(stream) * 100);
      counts[bin] = (counts[bin] ?? 0) + 1;
    }
    expect(chiSquareUniform(counts).pValue).toBeGreaterThan(0.001);
  });
});
