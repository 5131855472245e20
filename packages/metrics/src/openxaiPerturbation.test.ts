// The `openxai` perturbation against the released algorithm. The released code (OpenXAI
// openxai/explainers/perturbation_methods.py) uses NewDiscrete_NormalPerturbation for german
// (one-hot groups) and NormalPerturbation elsewhere. Ported below step by step from its
// description (not its code), with the random draws injected so both sides see the same
// numbers:
//   german: for each feature in order; a continuous one (one column) gets + N(0, std); a
//   discrete one finds its hot column h (== 1) and the other columns (options); a Bernoulli(p)
//   draw at h decides a flip, a uniform choice among the options the destination; the flip
//   vector is 1 at h and at the destination (or 0 at both), and the group's columns become
//   |x - flip|. THEN the feature mask (true = static) restores x column by column, so a free
//   hot column with a fixed destination leaves the group with no 1, and a fixed hot column
//   with a free destination with two.
//   elsewhere: columns typed 'c' get + N(0, std), columns typed 'd' become |x - Bernoulli(p)|,
//   then the same mask.
import { describe, expect, it } from 'vitest';
import { createRng } from '@xai/core';
import type { FeatureSchema } from '@xai/core';
import { hotColumns, makePlan, perturbRow } from './internal/perturb.js';

/** The released german perturbation of one sample, draws injected (see the header). */
function releasedGerman(
  x: number[],
  nCols: number[],
  types: ('c' | 'd')[],
  staticMask: boolean[],
  std: number,
  p: number,
  normal: (j: number) => number,
  bern: (h: number, cols: number[]) => number,
  choice: (options: number[], cols: number[]) => number,
): number[] {
  let pert = x.slice();
  let col = 0;
  nCols.forEach((nc, f) => {
    const cols = Array.from({ length: nc }, (_, k) => col + k);
    if (types[f] === 'c') {
      pert[col] = pert[col]! + std * normal(col);
    } else {
      const options = cols.filter((j) => x[j] !== 1);
      const h = cols.find((j) => x[j] === 1)!;
      const flip = new Array<number>(x.length).fill(0);
      flip[h] = bern(h, cols) < p ? 1 : 0;
      if (nc > 1) flip[choice(options, cols)] = flip[h]!;
      pert = pert.map((v, j) => (cols.includes(j) ? Math.abs(v - flip[j]!) : v));
    }
    col += nc;
  });
  return x.map((v, j) => (staticMask[j] ? v : pert[j]!));
}

describe('openxai: the released perturbation, sample by sample', () => {
  it('hand-worked german case: x = [0.3 | 0 1 0 | 1 0], flip, destination column 3', () => {
    // Features: one continuous (col 0), a 3-column group (1-3, hot 2), a 2-column group (4-5, hot 4).
    const schema: FeatureSchema = {
      names: ['a', 'b1', 'b2', 'b3', 'c1', 'c2'],
      kinds: ['continuous', 'discrete', 'discrete', 'discrete', 'discrete', 'discrete'],
      groups: [
        [1, 2, 3],
        [4, 5],
      ],
    };
    const plan = makePlan(schema, 6);
    const x = Float64Array.from([0.3, 0, 1, 0, 1, 0]);
    const hot = hotColumns(plan, x, new Int32Array(2));
    expect(Array.from(hot)).toEqual([2, 4]);
    // One sample: z_0 = 0.5; group 1 flips (u at its first column 0.01 < p) to the 2nd other
    // column (u at its second column 0.9 -> floor(0.9 * 2) = 1 -> options [1, 3][1] = 3);
    // group 2 does not flip (0.7 > p).
    const z = Float64Array.from([0.5, 0, 0, 0, 0, 0]);
    const u = Float64Array.from([0, 0.01, 0.9, 0, 0.7, 0]);
    const out = new Float64Array(6);
    const run = (free: number[]): number[] => {
      perturbRow(plan, x, hot, z, u, 0, 0.1, 0.08, Uint8Array.from(free), 'code', out, 0);
      return Array.from(out);
    };
    // All free: x0 + 0.1 * 0.5, the 1 moves from column 2 to column 3.
    expect(run([1, 1, 1, 1, 1, 1])).toEqual([0.3 + 0.05, 0, 0, 1, 1, 0]);
    // Hot column free, destination fixed (e.g. PGI with only column 2 in the top-k): no 1 left.
    expect(run([0, 0, 1, 0, 0, 0])).toEqual([0.3, 0, 0, 0, 1, 0]);
    // Hot column fixed, destination free (PGU of the same mask): two 1s.
    expect(run([1, 1, 0, 1, 1, 1])).toEqual([0.35, 0, 1, 1, 1, 0]);
  });

  it('german layout (8 continuous + one-hot groups of 4, 5, 10, 2): equal to the port for random rows, masks and draws', () => {
    const nCols = [1, 1, 1, 1, 1, 1, 1, 1, 4, 5, 10, 2];
    const types = nCols.map((_, f) => (f < 8 ? 'c' : 'd')) as ('c' | 'd')[];
    const d = nCols.reduce((a, b) => a + b, 0);
    const groups: number[][] = [];
    let c = 8;
    for (const nc of nCols.slice(8)) {
      groups.push(Array.from({ length: nc }, (_, k) => c + k));
      c += nc;
    }
    const kinds = Array.from({ length: d }, (_, j) => (j < 8 ? 'continuous' : 'discrete')) as FeatureSchema['kinds'][number][];
    const plan = makePlan({ names: kinds.map((_, j) => `f${j}`), kinds, groups }, d);
    const rng = createRng(5);
    const std = 0.1;
    const p = 0.3;
    const out = new Float64Array(d);
    for (let trial = 0; trial < 200; trial++) {
      const x = new Float64Array(d);
      for (let j = 0; j < 8; j++) x[j] = rng.uniform();
      for (const g of groups) x[g[Math.floor(rng.uniform() * g.length)]!] = 1;
      const z = new Float64Array(d);
      rng.fillNormal(z);
      const u = new Float64Array(d);
      rng.fillUniform(u);
      const free = new Uint8Array(d);
      for (let j = 0; j < d; j++) free[j] = rng.uniform() < 0.5 ? 1 : 0;
      const hot = hotColumns(plan, x, new Int32Array(groups.length));
      perturbRow(plan, x, hot, z, u, 0, std, p, free, 'code', out, 0);
      const want = releasedGerman(
        Array.from(x),
        nCols,
        types,
        Array.from(free, (f) => f === 0),
        std,
        p,
        (j) => z[j]!,
        (_h, cols) => u[cols[0]!]!,
        (options, cols) => options[Math.floor(u[cols[1]!]! * options.length)]!,
      );
      expect(Array.from(out)).toEqual(want);
    }
  });

  it('NormalPerturbation (other datasets): lone discrete columns become |x - Bernoulli(p)|, then the mask', () => {
    // compas layout: c, d, c, c, d, d, d
    const kinds = ['continuous', 'discrete', 'continuous', 'continuous', 'discrete', 'discrete', 'discrete'] as const;
    const plan = makePlan({ names: kinds.map((_, j) => `f${j}`), kinds: [...kinds], groups: [] }, 7);
    const rng = createRng(6);
    const out = new Float64Array(7);
    for (let trial = 0; trial < 100; trial++) {
      const x = Float64Array.from(kinds, (k) => (k === 'discrete' ? (rng.uniform() < 0.5 ? 1 : 0) : rng.uniform()));
      const z = new Float64Array(7);
      rng.fillNormal(z);
      const u = new Float64Array(7);
      rng.fillUniform(u);
      const free = Uint8Array.from(kinds, () => (rng.uniform() < 0.5 ? 1 : 0));
      perturbRow(plan, x, new Int32Array(0), z, u, 0, 0.1, 0.3, free, 'code', out, 0);
      const pert = Array.from(x, (v, j) => (kinds[j] === 'continuous' ? v + 0.1 * z[j]! : Math.abs(v - (u[j]! < 0.3 ? 1 : 0))));
      expect(Array.from(out)).toEqual(Array.from(x, (v, j) => (free[j] === 1 ? pert[j]! : v)));
    }
  });
});
