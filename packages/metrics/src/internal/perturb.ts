// Tabular perturbation shared by the prediction gap (PGI/PGU) and the stability neighbours:
// continuous columns + N(0, sigma^2); a discrete column swaps its two values (schema.levels,
// 0 <-> 1 by default) with probability p; a one-hot group moves its 1 to another column of the
// group with probability p. Unchecked kernels: the schema was validated by checkSchema.
import type { FeatureSchema, Matrix } from '@xai/core';
import { XaiError, describeValue, strideOf } from '@xai/core';

const CONTINUOUS = 0;
const DISCRETE = 1;
const GROUPED = 2;

/** Column kinds and one-hot groups in flat arrays, built once per call. */
export interface PerturbPlan {
  readonly d: number;
  /** 0 continuous, 1 lone discrete column, 2 member of a one-hot group of size >= 2. */
  readonly kind: Uint8Array;
  readonly groups: readonly Int32Array[];
  /** A lone discrete column's two values (schema.levels; 0 and 1 by default). */
  readonly low: Float64Array;
  readonly high: Float64Array;
  /** True when any column flips (uniform draws are needed). */
  readonly anyDiscrete: boolean;
}

/**
 * How a one-hot group moves when only some of its columns may change:
 * 'code' moves the 1 to any other column and then restores the fixed columns (OpenXAI's
 * order of operations, which can leave a group with no 1 or two); 'unit' treats the group
 * as one feature whose state is its hot column: free when the hot column is free (the cold
 * columns' own masks are ignored), and then a flip moves the 1 to a uniformly chosen other
 * column of the group; fixed when the hot column is fixed. Rows stay valid one-hot.
 */
export type GroupMode = 'code' | 'unit';

/** The flipped value of a discrete column: the other of its two values, else mirrored between them. */
export function flipValue(v: number, low: number, high: number): number {
  return v === low ? high : v === high ? low : low + high - v;
}

export function makePlan(schema: FeatureSchema | undefined, d: number): PerturbPlan {
  const kind = new Uint8Array(d);
  const groups: Int32Array[] = [];
  const low = new Float64Array(d);
  const high = new Float64Array(d).fill(1);
  let anyDiscrete = false;
  if (schema?.levels != null) {
    for (let j = 0; j < d; j++) {
      const l = schema.levels[j];
      if (l == null) continue;
      low[j] = l[0];
      high[j] = l[1];
    }
  }
  if (schema !== undefined) {
    for (let j = 0; j < d; j++) {
      if (schema.kinds[j] === 'discrete') {
        kind[j] = DISCRETE;
        anyDiscrete = true;
      }
    }
    for (const cols of schema.groups) {
      if (cols.length < 2) {
        // A one-column group is a plain 0/1 column.
        for (const c of cols) {
          kind[c] = DISCRETE;
          anyDiscrete = true;
        }
        continue;
      }
      groups.push(Int32Array.from(cols));
      for (const c of cols) kind[c] = GROUPED;
      anyDiscrete = true;
    }
  }
  return { d, kind, groups, low, high, anyDiscrete };
}

/**
 * Every lone discrete column's value in `x` lies within its two levels: a value outside means
 * the levels were not given for this column (a {1, 2} column read as 0/1), and its flip would
 * land on a value the column never takes.
 */
export function checkDiscreteValues(fn: string, plan: PerturbPlan, x: Matrix, names?: readonly string[]): void {
  const stride = strideOf(x);
  const offset = x.offset ?? 0;
  for (let j = 0; j < plan.d; j++) {
    if (plan.kind[j] !== DISCRETE) continue;
    const lo = plan.low[j]!;
    const hi = plan.high[j]!;
    for (let i = 0; i < x.rows; i++) {
      const v = x.data[offset + i * stride + j]!;
      // NaN: a tree model's missing value, kept missing (its flip is NaN too).
      if ((v >= lo && v <= hi) || Number.isNaN(v)) continue;
      const name = names?.[j] ?? `column ${j}`;
      throw new XaiError(
        'BAD_INPUT',
        `instance ${i}: discrete ${name} is ${describeValue(v)}, outside its levels [${lo}, ${hi}]; give schema.levels (the column's two values, e.g. from schemaWithLevels(schema, train))`,
        { fn, arg: 'input.schema.levels', row: i, column: j, value: v },
      );
    }
  }
}

/**
 * The hot column of each group for one row: the first column equal to 1, else the largest
 * if it exceeds 0.5, else -1 (the group then never moves).
 */
export function hotColumns(plan: PerturbPlan, x: Float64Array, out: Int32Array): Int32Array {
  for (let g = 0; g < plan.groups.length; g++) {
    const cols = plan.groups[g]!;
    let hot = -1;
    let best = 0.5;
    for (let t = 0; t < cols.length; t++) {
      const v = x[cols[t]!]!;
      if (v === 1) {
        hot = cols[t]!;
        break;
      }
      if (v > best) {
        best = v;
        hot = cols[t]!;
      }
    }
    out[g] = hot;
  }
  return out;
}

/**
 * The columns of a sample by what happens to them under one free-column mask: moved by noise
 * (with the step sigma · scale[j]), kept, or flipped with probability p. Built once per mask and
 * reused for its samples, so the per-sample loops have no per-column branches (a mask from an
 * attribution ranking mispredicts on every other column).
 */
export interface ColumnProgram {
  readonly move: Int32Array;
  readonly step: Float64Array;
  readonly keep: Int32Array;
  readonly flip: Int32Array;
  moves: number;
  keeps: number;
  flips: number;
}

/** An empty program for d columns, filled by `columnProgram`. */
export function createColumnProgram(d: number): ColumnProgram {
  const idx = () => new Int32Array(d);
  return { move: idx(), step: new Float64Array(d), keep: idx(), flip: idx(), moves: 0, keeps: 0, flips: 0 };
}

/**
 * Fills `prog` for the mask `free` (free[j] = 1 lets column j change; null = all free). A
 * grouped column is kept here: its group moves it (perturbRowWith). `scale` (null: absolute)
 * multiplies continuous column j's noise by scale[j].
 */
export function columnProgram(
  plan: PerturbPlan,
  free: Uint8Array | null,
  sigma: number,
  scale: Float64Array | null,
  prog: ColumnProgram,
): ColumnProgram {
  let moves = 0;
  let keeps = 0;
  let flips = 0;
  for (let j = 0; j < plan.d; j++) {
    const kind = plan.kind[j];
    if ((free !== null && free[j] === 0) || kind === GROUPED) prog.keep[keeps++] = j;
    else if (kind === CONTINUOUS) {
      prog.step[moves] = scale === null ? sigma : sigma * scale[j]!;
      prog.move[moves++] = j;
    } else prog.flip[flips++] = j;
  }
  prog.moves = moves;
  prog.keeps = keeps;
  prog.flips = flips;
  return prog;
}

/**
 * Writes sample `s` of row `x` into `out[o .. o + d)`. A flipped discrete column takes its
 * other value (`flipValue`; with 0/1 levels that is the released `|v − 1|`). `z` (S x d normals) and `u` (S x d
 * uniforms, or null when nothing flips) are drawn once per instance and reused for every
 * mask, so all k and both PGI/PGU see the same noise (common random numbers, as the released
 * code's reseeding per call does). `free[j] = 1` lets column j change; null = all free.
 * A group draws its move from u at its first column and its destination from u at its second.
 * `scale` (null: absolute) multiplies continuous column j's noise by scale[j].
 */
export function perturbRow(
  plan: PerturbPlan,
  x: Float64Array,
  hot: Int32Array,
  z: Float64Array,
  u: Float64Array | null,
  s: number,
  sigma: number,
  flip: number,
  free: Uint8Array | null,
  mode: GroupMode,
  out: Float64Array,
  o: number,
  scale: Float64Array | null = null,
): void {
  const prog = columnProgram(plan, free, sigma, scale, createColumnProgram(plan.d));
  perturbRowWith(plan, prog, x, hot, z, u, s, flip, free, mode, out, o);
}

/** `perturbRow` with the mask's column program made beforehand (`columnProgram(plan, free, sigma, scale)`). */
export function perturbRowWith(
  plan: PerturbPlan,
  prog: ColumnProgram,
  x: Float64Array,
  hot: Int32Array,
  z: Float64Array,
  u: Float64Array | null,
  s: number,
  flip: number,
  free: Uint8Array | null,
  mode: GroupMode,
  out: Float64Array,
  o: number,
): void {
  const base = s * plan.d;
  const { move, step, keep } = prog;
  for (let t = 0; t < prog.moves; t++) {
    const j = move[t]!;
    out[o + j] = x[j]! + step[t]! * z[base + j]!;
  }
  for (let t = 0; t < prog.keeps; t++) {
    const j = keep[t]!;
    out[o + j] = x[j]!;
  }
  for (let t = 0; t < prog.flips; t++) {
    const j = prog.flip[t]!;
    const v = x[j]!;
    out[o + j] = u![base + j]! < flip ? flipValue(v, plan.low[j]!, plan.high[j]!) : v;
  }
  if (u === null) return;
  for (let g = 0; g < plan.groups.length; g++) {
    const h = hot[g]!;
    if (h < 0) continue;
    const cols = plan.groups[g]!;
    if (!(u[base + cols[0]!]! < flip)) continue;
    const pick = u[base + cols[1]!]!;
    if (mode === 'code') {
      const dest = nthOther(cols, h, Math.floor(pick * (cols.length - 1)));
      if (free === null || free[h] === 1) out[o + h] = Math.abs(x[h]! - 1);
      if (free === null || free[dest] === 1) out[o + dest] = Math.abs(x[dest]! - 1);
    } else {
      // Cold columns carry ~0 attribution under G x I / IG / SHAP and rank last, so their
      // own masks would pin the group whenever its hot column ranks top: the hot column decides.
      if (free !== null && free[h] === 0) continue;
      const dest = nthOther(cols, h, Math.floor(pick * (cols.length - 1)));
      out[o + h] = Math.abs(x[h]! - 1);
      out[o + dest] = Math.abs(x[dest]! - 1);
    }
  }
}

/** The n-th column of the group other than `hot` (n < cols.length - 1). */
function nthOther(cols: Int32Array, hot: number, n: number): number {
  let seen = 0;
  for (let t = 0; t < cols.length; t++) {
    const c = cols[t]!;
    if (c === hot) continue;
    if (seen === n) return c;
    seen++;
  }
  return -1; // unreachable: n < cols.length - 1
}
