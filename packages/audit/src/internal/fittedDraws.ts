import { substream } from '@xai/core';
import type { FittedChooser } from '../fittedProbe.js';
import { permuteWithinStrata } from './nullDraws.js';

/**
 * The within-item null's answers, one draw at a time: draw r of item i is the r-th uniform of
 * the item's own stream (keyed by its id), the draws `withinItemHits` counts. Memory is one
 * stream per item, whatever the number of draws.
 */
export class WithinItemDraws {
  private readonly streams: ReturnType<typeof substream>[];
  private readonly k: Int32Array;
  /** The answers of the last draw. */
  readonly answers: Int32Array;

  constructor(k: Int32Array, ids: readonly string[], seed: number) {
    this.k = k;
    this.streams = ids.map((id) => substream(seed, 'within-item', id));
    this.answers = new Int32Array(k.length);
  }

  /** Advances every item's stream by one draw and returns the draw's answers (the same buffer each time). */
  next(): Int32Array {
    for (let i = 0; i < this.k.length; i++) this.answers[i] = Math.floor(this.streams[i]!.uniform() * this.k[i]!);
    return this.answers;
  }
}

/** A fitted probe's observed score and its accuracy in each draw of both nulls. */
export interface FittedScore {
  /** The sign the probe took on the observed answers. */
  readonly sign: string | undefined;
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
 * across-items null (the permutations `acrossItemsHits` draws) and, when `within` is given
 * (a fresh `WithinItemDraws`), of the within-item null, so its null includes the learning. A null not drawn is NaN
 * in every draw.
 */
export function scoreFitted(
  chooser: FittedChooser,
  answers: Int32Array,
  within: WithinItemDraws | undefined,
  strata: readonly Int32Array[],
  seed: number,
  R: number,
): FittedScore {
  const n = answers.length;
  const choices = new Int32Array(n);
  const sign = chooser.choose(answers, choices);
  const observed = score(choices, answers);
  const withinAcc = new Float64Array(R).fill(Number.NaN);
  const acrossAcc = new Float64Array(R).fill(Number.NaN);
  const permuted = new Int32Array(n);
  const scratch = new Int32Array(n);
  for (let r = 0; r < R; r++) {
    if (within) {
      const drawn = within.next();
      chooser.choose(drawn, choices);
      withinAcc[r] = score(choices, drawn).accuracy;
    }
    permuteWithinStrata(answers, strata, seed, 'across-items', r, permuted, scratch);
    chooser.choose(permuted, choices);
    acrossAcc[r] = score(choices, permuted).accuracy;
  }
  return { sign, ...observed, within: withinAcc, across: acrossAcc };
}
