import crypto from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** The renderer's randomness: seeded in tests and previews (reproducible), from the OS otherwise. */
export type Rng = RandomGenerator;

export const seededRng = (seed: number): Rng => xoroshiro128plus(seed | 0);
export const randomRng = (): Rng => xoroshiro128plus(crypto.randomInt(-0x8000_0000, 0x7fff_ffff));

/** An index in [0, n), every one equally likely (no modulo bias). */
export const pick = (rng: Rng, n: number) => (n <= 1 ? 0 : uniformInt(rng, 0, n - 1));

const JUNK = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const JUNK_LENGTH = 12;

/** `[junk]`: twelve random letters and digits (varies every message's bytes and links). */
export function junk(rng: Rng): string {
  let s = '';
  for (let i = 0; i < JUNK_LENGTH; i++) s += JUNK[uniformInt(rng, 0, JUNK.length - 1)];
  return s;
}
