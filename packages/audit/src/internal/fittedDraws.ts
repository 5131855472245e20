import { substream } from '@xai/core';
import type { FittedChooser } from '../fittedProbe.js';
import { permuteWithinStrata } from './nullDraws.js';

/**
 * The within-item null's answers as R × n (draw-major): the same draws `withinItemHits`
 * counts (one stream per item id, R uniforms each), for probes that must be refitted per draw.
 */
export function withinItemAnswers(k: Int32Array, ids: readonly string[], seed: number, R: number): Int32Array {
  const n = k.length;
  const out = new Int32Array(R * n);
  for (let i = 0; i < n; i++) {
    const rng = substream(seed, 'within-item', ids[i]!);
    const ki = k[i]!;
    for (let r = 0; r < R; r++) out[r * n + i] = Math.floor(rng.uniform() * ki);
  }
  return out;
}

/** A fitted probe's observed score and its accuracy in each draw of both nulls. */
export interface FittedScore {
  readonly covered: number;
  readonly hits: number;
  readonly accuracy: number;
  readonly within: Float64Array;
  readonly across: Float64Array;
}

function score(choices: Int32Array, answers: Int32Array): { covered: number; hits: number; accuracy: number } {
  let covered = 0;
  let hits = 0;
  for (let i = 0; i < choices.length; i++) {
    const c = choices[i]!;
    if (c < 0) continue;
    covered++;
    if (c === answers[i]) hits++;
  }
  return { covered, hits, accuracy: covered > 0 ? hits / covered : Number.NaN };
}

/**
 * Scores a fitted probe on the observed answers, then refits it on every draw of the
 * across-items null (the permutations `acrossItemsHits` draws) and, when `within` (R × n) is
 * given, of the within-item null, so its null includes the learning. A null not drawn is NaN
 * in every draw.
 */
export function scoreFitted(
  chooser: FittedChooser,
  answers: Int32Array,
  within: Int32Array | undefined,
  strata: readonly Int32Array[],
  seed: number,
  R: number,
): FittedScore {
  const n = answers.length;
  const choices = new Int32Array(n);
  chooser.choose(answers, choices);
  const observed = score(choices, answers);
  const withinAcc = new Float64Array(R).fill(Number.NaN);
  const acrossAcc = new Float64Array(R).fill(Number.NaN);
  const permuted = new Int32Array(n);
  const scratch = new Int32Array(n);
  for (let r = 0; r < R; r++) {
    if (within) {
      const drawn = within.subarray(r * n, (r + 1) * n);
      chooser.choose(drawn, choices);
      withinAcc[r] = score(choices, drawn).accuracy;
    }
    permuteWithinStrata(answers, strata, seed, 'across-items', r, permuted, scratch);
    chooser.choose(permuted, choices);
    acrossAcc[r] = score(choices, permuted).accuracy;
  }
  return { ...observed, within: withinAcc, across: acrossAcc };
}
