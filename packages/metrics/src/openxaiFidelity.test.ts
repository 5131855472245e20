// The `openxai` preset against the released OpenXAI code: the hand-checkable vectors TV1-TV6
// of OPENXAI_NOTES §9 (recomputed there with a line-by-line numpy/scipy mirror of
// openxai/metrics.py) and the released conventions of §5-§7. Expected values are the
// notes' numbers or are worked out by hand in the comments, never read off this package.
import { describe, expect, it } from 'vitest';
import { fromRows, isXaiError, matrix, row } from '@xai/core';
import type { Explainer, Matrix, MetricInput, Model } from '@xai/core';
import { gradientExplainer } from './__fixtures__/explainers.js';
import { tinyLr } from './__fixtures__/tinyLr.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { fa } from './groundTruth/fa.js';
import { runPredictionGap } from './internal/predictionGapMetric.js';
import { runStability } from './internal/stabilityMetric.js';
import { pra } from './groundTruth/pra.js';
import { ra } from './groundTruth/ra.js';
import { rc } from './groundTruth/rc.js';
import { relativeStability } from './stability/relativeStability.js';
import { ris } from './stability/ris.js';
import { sa } from './groundTruth/sa.js';
import { sra } from './groundTruth/sra.js';

const OX = { preset: 'openxai' } as const;
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function gt(e: number[], g: number[]): MetricInput {
  return { x: matrix(1, e.length), attributions: fromRows([e]), groundTruth: fromRows([g]) };
}

/** Plain Pearson correlation, written out for the expected values. */
function pearsonOf(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

function expectCode(f: () => unknown, code: string): void {
  try {
    f();
  } catch (err) {
    expect(isXaiError(err)).toBe(true);
    expect((err as { code: string }).code).toBe(code);
    return;
  }
  throw new Error('expected a throw');
}

describe('§9 TV1: d = 4, K = ceil(0.25 d) = 1 (no AUC, just v_1)', () => {
  const inp = gt([0.3, 0.6, -0.1, 0.05], [0.8, -0.5, 0.2, -0.1]);

  it('top-1 of e is f1, of g is f0: FA = RA = SA = SRA = 0', () => {
    for (const f of [fa, ra, sa, sra]) expect(f(inp, { ...OX, predictions: [1] }).values[0]).toBe(0);
  });
  it('PRA = 5/6 (only pair (0, 1) disagrees); RC = pearson([2,1,3,4], [1,2,3,4]) = 0.8', () => {
    expect(pra(inp, OX).values[0]).toBeCloseTo(5 / 6, 12);
    expect(rc(inp, OX).values[0]).toBeCloseTo(pearsonOf([2, 1, 3, 4], [1, 2, 3, 4]), 12);
    expect(rc(inp, OX).values[0]).toBeCloseTo(0.8, 12);
  });
  it('with K = 1 the AUC option changes nothing (the released code skips AUC when K = 1)', () => {
    const e = gt([0.6, 0.3, -0.1, 0.05], [0.8, -0.5, 0.2, -0.1]);
    expect(fa(e, OX).values[0]).toBe(1);
    expect(fa(e, { ...OX, auc: false }).values[0]).toBe(1);
  });
});

describe('§9 TV2: d = 8, K = 2, pred = 0 (G = -g), AUC = (v1 + v2) / 2', () => {
  const g = [0.9, -0.7, 0.5, -0.3, 0.2, -0.15, 0.1, 0.05];
  const e = [-0.4, -0.8, 0.3, 0.1, 0.0, 0.05, -0.02, 0.01];
  const shared = gt(e, g);
  const flipped = gt(
    e,
    g.map((v) => -v),
  );

  it('FA 0.5, RA 0, SA 0.25, SRA 0, with the flip done by `predictions` or by the caller', () => {
    const expected: [typeof fa, number][] = [
      [fa, 0.5],
      [ra, 0],
      [sa, 0.25],
      [sra, 0],
    ];
    for (const [f, v] of expected) {
      expect(f(shared, { ...OX, predictions: [0] }).values[0]).toBeCloseTo(v, 12);
      expect(f(flipped, OX).values[0]).toBeCloseTo(v, 12);
    }
  });
  it('PRA = 24/28, RC = pearson of dense ranks e [2,1,3,4,8,5,6,7] vs [1..8] = 0.833333', () => {
    expect(pra(shared, OX).values[0]).toBeCloseTo(24 / 28, 12);
    const r = rc(shared, OX).values[0]!;
    expect(r).toBeCloseTo(pearsonOf([2, 1, 3, 4, 8, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7, 8]), 12);
    expect(r).toBeCloseTo(0.833333, 6);
  });
});

describe('§9 TV3: ties (dense-rank position matching, asymmetric PRA)', () => {
  const e = [0.5, 0.5, 0.1, 0];

  it('TV3a k = 0.5, AUC off (k = 2 only): FA 1, RA 0.5, SA 1, SRA 0.5; PRA 5/6; RC 0.943880', () => {
    const inp = gt(e, [0.9, 0.5, 0.1, 0]);
    const o = { ...OX, k: 0.5, auc: false, predictions: [1] };
    expect(fa(inp, o).values[0]).toBe(1);
    expect(ra(inp, o).values[0]).toBe(0.5); // position 1: f1 has dense rank 1 in e, 2 in g
    expect(sa(inp, o).values[0]).toBe(1);
    expect(sra(inp, o).values[0]).toBe(0.5);
    expect(pra(inp, OX).values[0]).toBeCloseTo(5 / 6, 12);
    expect(rc(inp, OX).values[0]).toBeCloseTo(pearsonOf([1, 1, 2, 3], [1, 2, 3, 4]), 12);
    expect(rc(inp, OX).values[0]).toBeCloseTo(0.94388, 5);
  });
  it('TV3b with AUC over k = 1, 2: FA 1, RA 0.75, SA 1, SRA 0.75', () => {
    const inp = gt(e, [0.9, 0.5, 0.1, 0]);
    const o = { ...OX, k: 0.5, predictions: [1] };
    expect(fa(inp, o).values[0]).toBe(1);
    expect(ra(inp, o).values[0]).toBe(0.75);
    expect(sa(inp, o).values[0]).toBe(1);
    expect(sra(inp, o).values[0]).toBe(0.75);
  });
  it('TV3c g = [0.5, 0.9, 0.1, 0]: FA 0.5, RA 0, SA 0.5, SRA 0; PRA 1 (the tied pair "agrees" since rg_0 > rg_1)', () => {
    const inp = gt(e, [0.5, 0.9, 0.1, 0]);
    const o = { ...OX, k: 0.5, predictions: [1] };
    expect(fa(inp, o).values[0]).toBe(0.5);
    expect(ra(inp, o).values[0]).toBe(0);
    expect(sa(inp, o).values[0]).toBe(0.5);
    expect(sra(inp, o).values[0]).toBe(0);
    expect(pra(inp, OX).values[0]).toBe(1);
    expect(pra(inp).values[0]).toBeCloseTo(5 / 6, 12); // default: a one-sided tie is a disagreement
    expect(rc(inp, OX).values[0]).toBeCloseTo(0.94388, 5);
  });
});

describe('§9 TV4: d = 12, K = 3, AUC = (v1 + 2 v2 + v3) / 4', () => {
  const g = [1.2, -1.1, 1.0, -0.9, 0.8, -0.7, 0.6, -0.5, 0.4, -0.3, 0.2, -0.1];
  const e = [1.0, 0.2, -0.9, -1.1, 0.1, 0, 0, 0, 0, 0, 0, 0.05];
  const inp = gt(e, g);

  it('pred = 1: FA 0.416667, RA 0.083333, SA 0.333333, SRA 0', () => {
    const o = { ...OX, predictions: [1] };
    expect(fa(inp, o).values[0]).toBeCloseTo((0 + 2 * (1 / 2) + 2 / 3) / 4, 12);
    expect(ra(inp, o).values[0]).toBeCloseTo((0 + 0 + 1 / 3) / 4, 12);
    expect(sa(inp, o).values[0]).toBeCloseTo((0 + 2 * (1 / 2) + 1 / 3) / 4, 12);
    expect(sra(inp, o).values[0]).toBe(0);
  });
  it('pred = 0 flips the signs: SA (0, 0, 1/3) -> 1/12 and SRA (0, 0, 1/3) -> 1/12 (f2 is - in e and in -g)', () => {
    // k = 2: shared f0 is + in e, - in G; k = 3: shared {f0, f2}, only f2 (-, -) agrees.
    // SRA: position 3 holds f2 with dense rank 3 in both, and now the same sign.
    expect(sa(inp, { ...OX, predictions: [0] }).values[0]).toBeCloseTo(1 / 12, 12);
    expect(sra(inp, { ...OX, predictions: [0] }).values[0]).toBeCloseTo(1 / 12, 12);
    expect(fa(inp, { ...OX, predictions: [0] }).values[0]).toBeCloseTo(0.416667, 6); // sets ignore signs
  });
  it('PRA = 41/66, RC = 0.766365 (dense ranks e [2,4,3,1,5,7,7,7,7,7,7,6])', () => {
    expect(pra(inp, OX).values[0]).toBeCloseTo(41 / 66, 12);
    const ranks = [2, 4, 3, 1, 5, 7, 7, 7, 7, 7, 7, 6];
    expect(rc(inp, OX).values[0]).toBeCloseTo(
      pearsonOf(
        ranks,
        g.map((_, j) => j + 1),
      ),
      12,
    );
    expect(rc(inp, OX).values[0]).toBeCloseTo(0.766365, 6);
  });
});

describe('ground-truth flip and aggregation as the released runner', () => {
  it('a shared row flipped per instance equals passing the flipped rows', () => {
    const e = fromRows([
      [0.3, -0.2, 0.1, 0.5, -0.4],
      [-0.3, 0.2, 0.1, -0.5, 0.4],
    ]);
    const g = fromRows([[0.2, -0.1, 0.3, 0.6, -0.5]]);
    const rows = fromRows([
      [0.2, -0.1, 0.3, 0.6, -0.5],
      [-0.2, 0.1, -0.3, -0.6, 0.5],
    ]);
    for (const f of [fa, ra, sa, sra]) {
      const a = f({ x: matrix(2, 5), attributions: e, groundTruth: g }, { ...OX, predictions: Int32Array.from([1, 0]) });
      const b = f({ x: matrix(2, 5), attributions: e, groundTruth: rows }, OX);
      expect(Array.from(a.values)).toEqual(Array.from(b.values));
    }
    // The second row is the first negated, so with its own flip it scores like the first.
    const s = sa({ x: matrix(2, 5), attributions: e, groundTruth: g }, { ...OX, k: 3, predictions: [1, 0] }).values;
    expect(s[1]).toBe(s[0]);
  });

  it('seDdof0 = np.std(v) / sqrt(n) (ddof 0) next to the ddof-1 se', () => {
    // K = 1 at d = 4: the values are [1, 0, 1, 1]; mean 0.75, np.std = sqrt(0.1875).
    const e = fromRows([
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [1, 0, 0, 0],
      [2, 1, 0, 0],
    ]);
    const r = fa({ x: matrix(4, 4), attributions: e, groundTruth: fromRows([[3, 2, 1, 0]]) }, OX);
    expect(Array.from(r.values)).toEqual([1, 0, 1, 1]);
    expect(r.mean).toBe(0.75);
    expect(r.seDdof0).toBeCloseTo(Math.sqrt(0.1875) / 2, 14);
    expect(r.se).toBeCloseTo(Math.sqrt(0.25) / 2, 14);
  });

  it('RC of a constant explanation: NaN listed and left out of mean (the released mean would be NaN)', () => {
    const r = rc(
      {
        x: matrix(2, 4),
        attributions: fromRows([
          [0, 0, 0, 0],
          [4, 3, 2, 1],
        ]),
        groundTruth: fromRows([[8, 6, -4, 2]]),
      },
      OX,
    );
    expect(r.undefinedIndices).toEqual([0]);
    expect(r.mean).toBe(1);
    expect(r.seDdof0).toBe(0);
  });

  it('bad predictions -> BAD_OPTION / SHAPE_MISMATCH', () => {
    const inp = gt([1, 2, 3], [3, 2, 1]);
    expectCode(() => fa(inp, { predictions: [2] }), 'BAD_OPTION');
    expectCode(() => sa(inp, { predictions: [0.5] }), 'BAD_OPTION');
    expectCode(() => ra(inp, { predictions: 1 as never }), 'BAD_OPTION');
    expectCode(() => sra(inp, { predictions: [1, 0] }), 'SHAPE_MISMATCH');
  });
});

describe('§9 TV5 and §6: PGI / PGU with given noise', () => {
  // LR with w0 = 0, b0 = 0, w1 = [2, -1], b1 = 0: p0 = sigmoid(-(2 x1 - x2)).
  const lr = tinyLr([2, -1], 0);
  const x = fromRows([[0.5, 0.5]]);
  const Z = [0.1, 0.05, -0.2, 0.3]; // two samples, already scaled
  const given = (z: Float64Array): void => {
    z.set(Z);
  };
  const p0 = (a: number, b: number): number => sigmoid(-(2 * a - b));

  it('top-1 = f0 (K = 1 at d = 2): PGI = 0.0716043, PGU = 0.0422227', () => {
    const r = runPredictionGap(
      'test',
      ['PGI', 'PGU'],
      { x, attributions: fromRows([[0.9, -0.1]]), model: lr },
      { ...OX, samples: 2, sigma: 1 },
      (_i, z) => given(z),
    );
    const ref = p0(0.5, 0.5);
    expect(ref).toBeCloseTo(0.3775407, 7);
    expect(r.PGI!.values[0]).toBeCloseTo((Math.abs(p0(0.6, 0.5) - ref) + Math.abs(p0(0.3, 0.5) - ref)) / 2, 14);
    expect(r.PGI!.values[0]).toBeCloseTo(0.0716043, 7);
    expect(r.PGU!.values[0]).toBeCloseTo((Math.abs(p0(0.5, 0.55) - ref) + Math.abs(p0(0.5, 0.8) - ref)) / 2, 14);
    expect(r.PGU!.values[0]).toBeCloseTo(0.0422227, 7);
  });

  it('top-k ties go to the lower index: e = [0.5, 0.5] perturbs f0 in PGI', () => {
    const r = runPredictionGap(
      'test',
      ['PGI'],
      { x, attributions: fromRows([[0.5, -0.5]]), model: lr },
      { ...OX, samples: 2, sigma: 1 },
      (_i, z) => given(z),
    );
    expect(r.PGI!.values[0]).toBeCloseTo(0.0716043, 7);
  });

  it('one noise draw per instance serves every k and both PGI and PGU (d = 3, K = 2, AUC)', () => {
    const w = [1.5, -2, 0.7];
    const m = tinyLr(w, 0.1);
    const xs = fromRows([[0.2, 0.4, 0.9]]);
    const e = fromRows([[0.1, -3, 1]]); // order f1, f2, f0
    const zs = [0.3, -0.2, 0.1, -0.4, 0.25, 0.05, 0.2, 0.1, -0.3]; // three samples
    let calls = 0;
    const r = runPredictionGap(
      'test',
      ['PGI', 'PGU'],
      { x: xs, attributions: e, model: m },
      { ...OX, k: 0.5, samples: 3, sigma: 1 },
      (_i, z) => {
        calls++;
        z.set(zs);
      },
    );
    expect(calls).toBe(1);
    const pz = (v: number[]): number => sigmoid(-(0.1 + w.reduce((s, wj, j) => s + wj * v[j]!, 0)));
    const base = [0.2, 0.4, 0.9];
    const ref = pz(base);
    const gap = (free: number[]): number => {
      let acc = 0;
      for (let s = 0; s < 3; s++) acc += Math.abs(pz(base.map((v, j) => v + (free.includes(j) ? zs[s * 3 + j]! : 0))) - ref);
      return acc / 3;
    };
    expect(r.PGI!.values[0]).toBeCloseTo((gap([1]) + gap([1, 2])) / 2, 14);
    expect(r.PGU!.values[0]).toBeCloseTo((gap([0, 2]) + gap([0])) / 2, 14);
  });

  it('openxai reads probability column 0 whatever the predicted class (3 classes: differs from default)', () => {
    // logits [0, x0, 2 x1]; at x = [0.1, 0.8] the predicted class is 2.
    const three: Model = {
      inputDim: 2,
      classes: 3,
      predictProba(m: Matrix): Matrix {
        const out = new Float64Array(m.rows * 3);
        for (let i = 0; i < m.rows; i++) {
          const r = row(m, i);
          const ex = [1, Math.exp(r[0]!), Math.exp(2 * r[1]!)];
          const s = ex[0]! + ex[1]! + ex[2]!;
          for (let c = 0; c < 3; c++) out[3 * i + c] = ex[c]! / s;
        }
        return { rows: m.rows, cols: 3, data: out };
      },
    };
    const p = (a: number, b: number): number[] => {
      const ex = [1, Math.exp(a), Math.exp(2 * b)];
      const s = ex[0]! + ex[1]! + ex[2]!;
      return ex.map((v) => v / s);
    };
    const xs = fromRows([[0.1, 0.8]]);
    const e = fromRows([[1, 0]]);
    const run = (preset: 'openxai' | 'default') =>
      runPredictionGap('test', ['PGI'], { x: xs, attributions: e, model: three }, { preset, k: 1, samples: 2, sigma: 1 }, (_i, z) => {
        z.set([0.5, 9, -0.5, 9]);
      }).PGI!.values[0];
    const ref = p(0.1, 0.8);
    const [a, b] = [p(0.6, 0.8), p(-0.4, 0.8)];
    expect(run('openxai')).toBeCloseTo((Math.abs(a[0]! - ref[0]!) + Math.abs(b[0]! - ref[0]!)) / 2, 14);
    expect(run('default')).toBeCloseTo((Math.abs(a[2]! - ref[2]!) + Math.abs(b[2]! - ref[2]!)) / 2, 14);
  });
});

describe('§9 TV6 and §7: stability with given candidates', () => {
  // e = [3, 4] at the anchor, [3.003, 4.004] anywhere else: rel_e = 0.005 / 5 = 1e-3.
  function twoValued(anchor: ArrayLike<number>): Explainer {
    return {
      id: 'two-valued',
      explain(_m: Model, xs: Matrix): Matrix {
        const out = new Float64Array(xs.rows * 2);
        for (let i = 0; i < xs.rows; i++) {
          const r = row(xs, i);
          const at = r[0] === anchor[0] && r[1] === anchor[1];
          out[2 * i] = at ? 3 : 3.003;
          out[2 * i + 1] = at ? 4 : 4.004;
        }
        return { rows: xs.rows, cols: 2, data: out };
      },
    };
  }
  const lr = tinyLr([1, 1], 0); // x = [0.6, 0.8] and its neighbours are class 1

  it("TV6 in float64: x' = x + [3e-5, -4e-5], rel_x = 5e-5, ratio = 20", () => {
    const x = fromRows([[0.6, 0.8]]);
    const r = runStability(
      'test',
      ['RIS'],
      { x, model: lr, explainer: twoValued([0.6, 0.8]) },
      { ...OX, float32Neighbours: false, candidates: 1, neighbours: 1 },
      (_i, z) => {
        z.set([3, -4]);
      },
    );
    expect(r.results.RIS!.values[0]).toBeCloseTo(20, 6);
    expect(r.diagnostics.float32Neighbours).toBe(false);
  });

  it('TV6 with float32 candidates (openxai default): the denominator carries float32 quantisation', () => {
    const x32 = [Math.fround(0.6), Math.fround(0.8)];
    const r = runStability(
      'test',
      ['RIS'],
      { x: fromRows([x32]), model: lr, explainer: twoValued(x32) },
      { ...OX, candidates: 1, neighbours: 1, keepNeighbours: true },
      (_i, z) => {
        z.set([3, -4]);
      },
    );
    expect(r.diagnostics.float32Neighbours).toBe(true);
    // What float32 tensors give: x' = fl32(x + delta), and x' - x is exact.
    const xp = [Math.fround(x32[0]! + 3e-5), Math.fround(x32[1]! - 4e-5)];
    expect(Array.from(row(r.diagnostics.neighbourhood!.x, 0))).toEqual(xp);
    const relX = Math.hypot(xp[0]! - x32[0]!, xp[1]! - x32[1]!) / Math.hypot(x32[0]!, x32[1]!);
    const got = r.results.RIS!.values[0]!;
    expect(got / (1e-3 / relX)).toBeCloseTo(1, 9);
    const shift = Math.abs(got / 20 - 1);
    expect(shift).toBeGreaterThan(1e-5); // quantised ...
    expect(shift).toBeLessThan(1e-2); // ... by about 1e-3, as the notes say
  });

  it('skips a zero denominator, keeps the running max of the rest (starting at 0), counts the skips', () => {
    const x = fromRows([[0.6, 0.8]]);
    const zs = [0, 0, 3, -4, 0, 0]; // x' = x, x + [3e-5, -4e-5], x
    const r = runStability(
      'test',
      ['RIS'],
      { x, model: lr, explainer: twoValued([0.6, 0.8]) },
      { ...OX, float32Neighbours: false, candidates: 3, neighbours: 3 },
      (_i, z) => {
        z.set(zs);
      },
    );
    expect(r.results.RIS!.values[0]).toBeCloseTo(20, 6);
    expect(r.results.RIS!.undefinedRatios.perInstance[0]).toBe(2);
  });

  it('NaN when nothing is valid: ||x|| = 0 makes every RIS ratio NaN (skipped) while ROS stays defined', () => {
    const m = tinyLr([1, -1], 0.5); // logits [0, 0.5] at x = 0, never zero
    const r = relativeStability(
      {
        x: fromRows([
          [0, 0],
          [0.2, 0.1],
        ]),
        model: m,
        explainer: gradientExplainer(),
      },
      { ...OX, candidates: 20, neighbours: 5 },
    );
    expect(r.RIS.undefinedIndices).toEqual([0]);
    expect(r.RIS.undefinedRatios.perInstance[0]).toBe(5);
    expect(r.RIS.count).toBe(1);
    expect(r.ROS.undefinedIndices).toEqual([]);
  });

  it('keeps the first N same-label candidates in draw order', () => {
    // p1 = sigmoid(x0 - 0.5); at x0 = 0.5 the logits tie and argmax picks class 0, so a
    // candidate keeps the label iff its x0 noise is <= 0.
    const m = tinyLr([1, 0], -0.5);
    const zs = [1, 0, -1, 0, 2, 0, -2, 0, -3, 0, -4, 0];
    const r = runStability(
      'test',
      ['RIS'],
      { x: fromRows([[0.5, 0.3]]), model: m, explainer: gradientExplainer() },
      { ...OX, candidates: 6, neighbours: 3, keepNeighbours: true },
      (_i, z) => {
        z.set(zs);
      },
    );
    const kept = r.diagnostics.neighbourhood!.x;
    expect(kept.rows).toBe(3);
    expect([0, 1, 2].map((t) => row(kept, t)[0])).toEqual([-1, -2, -3].map((k) => Math.fround(0.5 + k * 1e-5)));
  });

  it('RRS reads the hidden layer after its ReLU in openxai: h = relu([x0 - 10, x1 + 0.5]) = [0, x1 + 0.5]', () => {
    const mlp = tinyMlp(
      [
        [1, 0],
        [0, 1],
      ],
      [-10, 0.5],
      [
        [1, -1],
        [-1, 1],
      ],
      [0, 0],
    );
    const x = fromRows([[0.6, 0.8]]);
    const opts = { ...OX, float32Neighbours: false, candidates: 1, neighbours: 1 };
    const post = runStability('test', ['RRS'], { x, model: mlp, explainer: twoValued([0.6, 0.8]) }, opts, (_i, z) => {
      z.set([3, -4]);
    });
    expect(post.results.RRS!.values[0]).toBeCloseTo(1e-3 / (4e-5 / 1.3), 6);
    const pre = runStability(
      'test',
      ['RRS'],
      { x, model: mlp, explainer: twoValued([0.6, 0.8]) },
      { ...opts, hiddenActivation: 'pre' },
      (_i, z) => {
        z.set([3, -4]);
      },
    );
    expect(pre.results.RRS!.values[0]).toBeCloseTo(1e-3 / (5e-5 / Math.hypot(9.4, 1.3)), 6);
  });

  it("float32Neighbours: every openxai neighbour is float32, x' - x a multiple of the float32 ulp; off by default in `default`", () => {
    const x = fromRows([
      [0.53125, 0.75, 0.625],
      [0.875, 0.5625, 0.96875],
    ]); // float32-exact, neighbours stay in [0.5, 1): ulp 2^-24
    const m = tinyLr([1, -1, 0.5], 0.1);
    const ox = relativeStability(
      { x, model: m, explainer: gradientExplainer() },
      { ...OX, candidates: 30, neighbours: 10, keepNeighbours: true },
    );
    const nb = ox.diagnostics.neighbourhood!;
    expect(nb.x.rows).toBeGreaterThan(0);
    for (let t = 0; t < nb.x.rows; t++) {
      const r = row(nb.x, t);
      const a = row(x, nb.owner[t]!);
      for (let j = 0; j < 3; j++) {
        expect(Math.fround(r[j]!)).toBe(r[j]);
        expect(Number.isInteger((r[j]! - a[j]!) * 2 ** 24)).toBe(true);
      }
    }
    const def = relativeStability(
      { x, model: m, explainer: gradientExplainer() },
      { candidates: 30, neighbours: 10, keepNeighbours: true },
    );
    expect(def.diagnostics.float32Neighbours).toBe(false);
    expect(Array.from(def.diagnostics.neighbourhood!.x.data).some((v) => Math.fround(v) !== v)).toBe(true);
    expectCode(() => ris({ x, model: m, explainer: gradientExplainer() }, { float32Neighbours: 1 as never }), 'BAD_OPTION');
  });

  it('aggregate: logMean = ln(mean), logSeDdof0 = ln(np.std(v) / sqrt(n)) over the defined values', () => {
    const m = tinyLr([1, -1, 2], 0.1);
    const x = fromRows([
      [0.5, 0.75, 0.625],
      [0.875, 0.5625, 0.96875],
      [0.25, 0.125, 0.375],
      [0.3, 0.9, 0.1],
    ]);
    const r = ris({ x, model: m, explainer: gradientExplainer() }, { ...OX, candidates: 30, neighbours: 10 });
    const v = Array.from(r.values);
    const mean = v.reduce((s, a) => s + a, 0) / 4;
    const std0 = Math.sqrt(v.reduce((s, a) => s + (a - mean) ** 2, 0) / 4);
    expect(r.logMean).toBeCloseTo(Math.log(mean), 12);
    expect(r.seDdof0).toBeCloseTo(std0 / 2, 14);
    expect(r.logSeDdof0).toBeCloseTo(Math.log(std0 / 2), 10);
  });
});
