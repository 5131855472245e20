// The coalition game of the Shapley-family explainers: v(S) = Σ_r w_r f_t(x_S, b_r,rest), over
// units (a feature group, or a column in no group). Unchecked kernels; callers validate.
import type { FeatureGroups, Matrix } from '@xai/core';
import { XaiError, featureUnits, unitIds } from '@xai/core';

export interface CoalitionGame {
  readonly d: number;
  /** Number of units. */
  readonly U: number;
  /** Unit of every column. */
  readonly ids: Int32Array;
  /** Background rows (B x d, contiguous). */
  readonly bg: Float64Array;
  readonly B: number;
  /** Weight of each background row in v(S), summing to 1. */
  readonly w: Float64Array;
}

export function createGame(
  fn: string,
  d: number,
  groups: FeatureGroups | null,
  background: Matrix | null,
  weights: Float64Array | null,
): CoalitionGame {
  const bg = background ?? { rows: 1, cols: d, data: new Float64Array(d) };
  if (bg.cols !== d)
    throw new XaiError('SHAPE_MISMATCH', `the background has ${bg.cols} features, the model takes ${d}`, {
      fn,
      arg: 'background',
      value: bg.cols,
    });
  const units = featureUnits(d, groups ?? undefined, fn, 'groups');
  const B = bg.rows;
  const w = new Float64Array(B);
  for (let r = 0; r < B; r++) w[r] = weights === null ? 1 / B : weights[r]!;
  return { d, U: units.length, ids: unitIds(d, units), bg: bg.data, B, w };
}

/**
 * Writes the B rows of coalition `mask` (unit u present when mask[mo + u] is 1) for instance
 * x[xo..xo+d) into out from element `at`.
 */
export function fillCoalition(
  g: CoalitionGame,
  x: Float64Array,
  xo: number,
  mask: Uint8Array,
  mo: number,
  out: Float64Array,
  at: number,
): void {
  const { d, ids, bg, B } = g;
  for (let r = 0; r < B; r++) {
    const o = at + r * d;
    const bo = r * d;
    for (let j = 0; j < d; j++) out[o + j] = mask[mo + ids[j]!] === 1 ? x[xo + j]! : bg[bo + j]!;
  }
}

/** v = Σ_r w_r probs[(row + r)·classes + t]. */
export function coalitionValue(g: CoalitionGame, probs: Float64Array, row: number, classes: number, t: number): number {
  let s = 0;
  for (let r = 0; r < g.B; r++) s += g.w[r]! * probs[(row + r) * classes + t]!;
  return s;
}
