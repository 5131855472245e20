import type { Rng } from '@xai/core';

const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';

/** A pronounceable random token of the given length (alternating consonants and vowels). */
export function randomToken(rng: Rng, length: number): string {
  let out = '';
  let vowel = rng.bernoulli(0.3);
  for (let i = 0; i < length; i++) {
    out += vowel ? VOWELS[rng.int(VOWELS.length)] : CONSONANTS[rng.int(CONSONANTS.length)];
    vowel = !vowel;
  }
  return out;
}

/** A random token not in `used` (then added to it), so values and fillers never collide. */
export function freshToken(rng: Rng, length: number, used: Set<string>): string {
  for (;;) {
    const t = randomToken(rng, length);
    if (!used.has(t)) {
      used.add(t);
      return t;
    }
  }
}
