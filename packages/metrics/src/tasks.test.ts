// Value (regression) models, multi-class targets and feature groups, with closed forms on
// linear models: PGI/PGU with hand-set noise (the kernel's test hook) and stability from the
// kept neighbours.
import { describe, expect, it } from 'vitest';
import { createRng, groupsFromIds, isXaiError, matrix, row } from '@xai/core';
import type { ExplainOptions, Explainer, Matrix, Model } from '@xai/core';
import { runPredictionGap } from './internal/predictionGapMetric.js';
import { pgi } from './predictionGap/pgi.js';
import { predictionGaps } from './predictionGap/predictionGaps.js';
import { relativeStability } from './stability/relativeStability.js';
import { ros } from './stability/ros.js';

function um(n: number, d: number, seed: number): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillUniform(m.data);
  return m;
}
function expectCode(f: () => unknown, code: string, arg?: string): void {
  try {
    f();
  } catch (err) {
    expect(isXaiError(err)).toBe(true);
    expect((err as { code: string }).code).toBe(code);
    if (arg !== undefined) expect((err as { details: { arg: string } }).details.arg).toBe(arg);
    return;
  }
  throw new Error('expected a throw');
}

/** f(x) = W x + b with `outputs` outputs, returned raw (output: 'value'). */
function linearValueModel(W: number[][], b: number[]): Model & { f(x: ArrayLike<number>, o: number): number } {
  const d = W[0]!.length;
  const c = W.length;
  const f = (x: ArrayLike<number>, o: number): number => {
    let s = b[o]!;
    for (let j = 0; j < d; j++) s += W[o]![j]! * x[j]!;
    return s;
  };
  return {
    inputDim: d,
    classes: c,
    output: 'value',
    f,
    predictProba(x: Matrix): Matrix {
      const out = new Float32Array(x.rows * c); // a runtime's typed array: the boundary converts it
      for (let i = 0; i < x.rows; i++) for (let o = 0; o < c; o++) out[i * c + o] = f(row(x, i), o);
      return { rows: x.rows, cols: c, data: out as unknown as Float64Array };
    },
    inputGradient(x: Matrix, targets: Int32Array): Matrix {
      const out = matrix(x.rows, d);
      for (let i = 0; i < x.rows; i++) for (let j = 0; j < d; j++) out.data[i * d + j] = W[targets[i]!]![j]!;
      return out;
    },
  };
}

/** Softmax over W x + b (3 classes). */
function softmaxModel(W: number[][], b: number[]): Model & { p(x: ArrayLike<number>): number[] } {
  const d = W[0]!.length;
  const c = W.length;
  const p = (x: ArrayLike<number>): number[] => {
    const z = W.map((w, o) => b[o]! + w.reduce((s, v, j) => s + v * x[j]!, 0));
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const s = e.reduce((a, v) => a + v, 0);
    return e.map((v) => v / s);
  };
  return {
    inputDim: d,
    classes: c,
    p,
    predictProba(x: Matrix): Matrix {
      const out = matrix(x.rows, c);
      for (let i = 0; i < x.rows; i++) out.data.set(p(row(x, i)), i * c);
      return out;
    },
    logits(x: Matrix): Matrix {
      const out = matrix(x.rows, c);
      for (let i = 0; i < x.rows; i++) {
        const r = row(x, i);
        for (let o = 0; o < c; o++) out.data[i * c + o] = b[o]! + W[o]!.reduce((s, v, j) => s + v * r[j]!, 0);
      }
      return out;
    },
  };
}

/** Hand-set noise: sample s of column j gets z = (s + 1) * (j % 2 === 0 ? 1 : -0.5) / S. */
const handNoise =
  (S: number) =>
  (_i: number, z: Float64Array): void => {
    const d = z.length / S;
    for (let s = 0; s < S; s++) for (let j = 0; j < d; j++) z[s * d + j] = ((s + 1) * (j % 2 === 0 ? 1 : -0.5)) / S;
  };

describe('value (regression) models', () => {
  const W = [[3, -1, 0.5, 2]];
  const model = linearValueModel(W, [0.7]);
  const x = um(4, 4, 1);
  const attributions = matrix(4, 4);
  for (let i = 0; i < 4; i++) attributions.data.set([3, -1, 0.5, 2], i * 4); // |w| ranks 0, 3, 1, 2

  it("PGI/PGU are |f(x') - f(x)| of the output: sigma |sum over free j of w_j z_sj|, exactly", () => {
    const S = 5;
    const sigma = 0.1;
    const r = runPredictionGap('t', ['PGI', 'PGU'], { x, attributions, model }, { samples: S, sigma, k: 2, auc: false }, handNoise(S));
    // k = 2: PGI frees columns {0, 3}, PGU frees {1, 2}.
    const gap = (free: number[]): number => {
      let acc = 0;
      for (let s = 0; s < S; s++)
        acc += Math.abs(free.reduce((a, j) => a + (W[0]![j]! * sigma * ((s + 1) * (j % 2 === 0 ? 1 : -0.5))) / S, 0));
      return acc / S;
    };
    // Float32 outputs of the model: compare to float32 precision.
    for (let i = 0; i < 4; i++) {
      expect(r.PGI!.values[i]).toBeCloseTo(gap([0, 3]), 5);
      expect(r.PGU!.values[i]).toBeCloseTo(gap([1, 2]), 5);
    }
  });

  it('stability: every candidate is a neighbour, ROS reads the output: closed forms from the kept neighbours', () => {
    const gxi: Explainer = {
      id: 'gxi',
      explain: (_m, xs) => {
        const o = matrix(xs.rows, 4);
        for (let i = 0; i < xs.rows; i++) for (let j = 0; j < 4; j++) o.data[i * 4 + j] = W[0]![j]! * xs.data[i * 4 + j]!;
        return o;
      },
    };
    const r = relativeStability({ x, model, explainer: gxi }, { candidates: 30, neighbours: 10, sigma: 0.01, keepNeighbours: true });
    expect(r.diagnostics.rosOutput).toBe('value');
    expect(Array.from(r.diagnostics.neighbourCounts)).toEqual([10, 10, 10, 10]);
    expect(Array.from(r.diagnostics.candidatesDrawn)).toEqual([13, 13, 13, 13]); // ceil(1.25 * 10), early exit
    const nb = r.diagnostics.neighbourhood!;
    const n2 = (v: number[]): number => Math.hypot(...v);
    for (let i = 0; i < 4; i++) {
      const xi = Array.from(row(x, i));
      const e = xi.map((v, j) => W[0]![j]! * v);
      let ris = 0;
      let rosv = 0;
      for (let t = 0; t < nb.owner.length; t++) {
        if (nb.owner[t] !== i) continue;
        const xp = Array.from(row(nb.x, t));
        const num = n2(xp.map((v, j) => W[0]![j]! * v - e[j]!)) / n2(e);
        ris = Math.max(ris, num / (n2(xp.map((v, j) => v - xi[j]!)) / n2(xi)));
        // f is computed in float32 by this model: the closed form uses the same rounding.
        const f0 = Math.fround(model.f(xi, 0));
        const f1 = Math.fround(model.f(xp, 0));
        rosv = Math.max(rosv, num / (Math.abs(f1 - f0) / Math.abs(f0)));
      }
      expect(r.RIS.values[i]).toBeCloseTo(ris, 10);
      expect(r.ROS.values[i]! / rosv).toBeCloseTo(1, 10);
    }
  });

  it('metrics that need probabilities refuse with NOT_SUPPORTED naming the metric', () => {
    const ex: Explainer = { id: 'w', explain: (_m, xs) => ({ rows: xs.rows, cols: 4, data: new Float64Array(xs.rows * 4).fill(1) }) };
    for (const rosOutput of ['logit', 'probability'] as const) {
      try {
        ros({ x, model, explainer: ex }, { rosOutput });
        throw new Error('no throw');
      } catch (err) {
        expect(isXaiError(err, 'NOT_SUPPORTED')).toBe(true);
        expect((err as { details: { metric: string } }).details.metric).toBe('ROS');
      }
    }
  });

  it('targets pick the output of a multi-output value model', () => {
    const two = linearValueModel(
      [
        [1, 0, 0, 0],
        [0, 0, 0, 5],
      ],
      [0, 0],
    );
    const e = { rows: 4, cols: 4, data: new Float64Array(16).fill(1) };
    const S = 3;
    // k = d: PGI frees every column.
    const c0 = runPredictionGap(
      't',
      ['PGI'],
      { x, attributions: e, model: two },
      { samples: S, sigma: 0.1, k: 4, auc: false },
      handNoise(S),
    );
    const c1 = runPredictionGap(
      't',
      ['PGI'],
      { x, attributions: e, model: two },
      { samples: S, sigma: 0.1, k: 4, auc: false, targets: [1, 1, 1, 1] },
      handNoise(S),
    );
    // Output 0 = x_0: mean_s 0.1 (s+1)/S; output 1 = 5 x_3: mean_s 5 * 0.1 * 0.5 (s+1)/S.
    const mean = (f: (s: number) => number): number => [0, 1, 2].reduce((acc, s) => acc + f(s), 0) / S;
    expect(c0.PGI!.values[0]).toBeCloseTo(
      mean((s) => (0.1 * (s + 1)) / S),
      6,
    );
    expect(c1.PGI!.values[0]).toBeCloseTo(
      mean((s) => (5 * 0.1 * 0.5 * (s + 1)) / S),
      6,
    );
  });
});

describe('multi-class: per-row target class (predicted by default)', () => {
  const W = [
    [2, -1, 0],
    [-1, 2, 0.5],
    [0.3, 0.3, -2],
  ];
  const model = softmaxModel(W, [0.1, 0, -0.1]);
  const x = um(6, 3, 4);

  it("PGI of a 3-class model: |p_t(x') - p_t(x)| of the predicted class, or of the given target", () => {
    const S = 4;
    const sigma = 0.3;
    const e = { rows: 6, cols: 3, data: new Float64Array(18).fill(1) }; // ties: top-1 = column 0
    const predicted = Array.from({ length: 6 }, (_, i) => {
      const p = model.p(row(x, i));
      return p.indexOf(Math.max(...p));
    });
    const given = predicted.map((t) => (t + 1) % 3);
    const a = runPredictionGap('t', ['PGI'], { x, attributions: e, model }, { samples: S, sigma, k: 1, auc: false }, handNoise(S));
    const b = runPredictionGap(
      't',
      ['PGI'],
      { x, attributions: e, model },
      { samples: S, sigma, k: 1, auc: false, targets: given },
      handNoise(S),
    );
    for (let i = 0; i < 6; i++) {
      const xi = Array.from(row(x, i));
      const gap = (t: number): number => {
        let acc = 0;
        for (let s = 0; s < S; s++) {
          const xp = xi.slice();
          xp[0] = xp[0]! + (sigma * (s + 1)) / S;
          acc += Math.abs(model.p(xp)[t]! - model.p(xi)[t]!);
        }
        return acc / S;
      };
      expect(a.PGI!.values[i]).toBeCloseTo(gap(predicted[i]!), 12);
      expect(b.PGI!.values[i]).toBeCloseTo(gap(given[i]!), 12);
    }
  });

  it("stability explains anchors and neighbours for the anchor's target", () => {
    const seen: number[][] = [];
    const rec: Explainer = {
      id: 'rec',
      explain(_m: Model, xs: Matrix, o: ExplainOptions = {}): Matrix {
        seen.push(Array.from(o.targets!));
        const out = matrix(xs.rows, 3);
        for (let i = 0; i < xs.rows; i++) out.data.set(row(xs, i), i * 3);
        return out;
      },
    };
    const targets = [2, 0, 1, 2, 0, 1];
    const r = relativeStability(
      { x, model, explainer: rec },
      { candidates: 20, neighbours: 5, blockSize: 6, targets, explainerNoise: false },
    );
    const counts = Array.from(r.diagnostics.neighbourCounts);
    const expected = [...targets, ...counts.flatMap((c, i) => Array<number>(c).fill(targets[i]!))];
    expect(seen).toEqual([expected]);
    expectCode(() => relativeStability({ x, model, explainer: rec }, { targets: [3, 0, 0, 0, 0, 0] }), 'BAD_OPTION', 'targets');
    expectCode(
      () => pgi({ x, attributions: { rows: 6, cols: 3, data: new Float64Array(18) }, model }, { targets: [0, 1] }),
      'SHAPE_MISMATCH',
      'targets',
    );
  });
});

describe('feature groups: PGI/PGU rank and switch units', () => {
  const W = [[1, 2, -4, 0.5, 3]];
  const model = linearValueModel(W, [0]);
  const x = um(3, 5, 8);
  // Units {0, 1} (sum |e| = 0.5 + 0.4 = 0.9), {2} (0.8), {3, 4} (0.1 + 0.6 = 0.7): the group
  // {0, 1} ranks first although no single column of it beats column 2.
  const e = { rows: 3, cols: 5, data: new Float64Array([0.5, 0.4, 0.8, 0.1, 0.6, 0.5, 0.4, 0.8, 0.1, 0.6, 0.5, 0.4, 0.8, 0.1, 0.6]) };
  const groups = groupsFromIds([0, 0, 1, 2, 2]);

  it('top-1 unit = the group: both its columns move together; k counts units', () => {
    const S = 4;
    const sigma = 0.2;
    const z = (s: number, j: number): number => ((s + 1) * (j % 2 === 0 ? 1 : -0.5)) / S;
    const gap = (free: number[]): number => {
      let acc = 0;
      for (let s = 0; s < S; s++) acc += Math.abs(free.reduce((a, j) => a + W[0]![j]! * sigma * z(s, j), 0));
      return acc / S;
    };
    const r = runPredictionGap(
      't',
      ['PGI', 'PGU'],
      { x, attributions: e, model },
      { samples: S, sigma, k: 1, auc: false, groups },
      handNoise(S),
    );
    const cols = runPredictionGap('t', ['PGI'], { x, attributions: e, model }, { samples: S, sigma, k: 1, auc: false }, handNoise(S));
    for (let i = 0; i < 3; i++) {
      expect(r.PGI!.values[i]).toBeCloseTo(gap([0, 1]), 5);
      expect(r.PGU!.values[i]).toBeCloseTo(gap([2, 3, 4]), 5);
      expect(cols.PGI!.values[i]).toBeCloseTo(gap([2]), 5); // without groups: column 2 alone
    }
    // Default K = number of units (3) in `default`; the AUC runs over k = 1..3.
    const auc = runPredictionGap('t', ['PGI'], { x, attributions: e, model }, { samples: S, sigma, groups }, handNoise(S));
    const perK = [gap([0, 1]), gap([0, 1, 2]), gap([0, 1, 2, 3, 4])];
    expect(auc.PGI!.values[0]).toBeCloseTo((perK[0]! / 2 + perK[1]! + perK[2]! / 2) / 2, 5);
  });

  it('groups are validated (overlap, range) and a group partition equal to singletons changes nothing', () => {
    expectCode(
      () =>
        pgi(
          { x, attributions: e, model },
          {
            groups: [
              [0, 1],
              [1, 2],
            ],
          },
        ),
      'BAD_INPUT',
      'groups',
    );
    expectCode(() => pgi({ x, attributions: e, model }, { groups: [[0, 9]] }), 'BAD_INPUT', 'groups');
    const a = predictionGaps({ x, attributions: e, model }, { seed: 2, samples: 20 });
    const b = predictionGaps({ x, attributions: e, model }, { seed: 2, samples: 20, groups: [[0], [1], [2], [3], [4]] });
    expect(Array.from(b.PGI.values)).toEqual(Array.from(a.PGI.values));
    expect(Array.from(b.PGU.values)).toEqual(Array.from(a.PGU.values));
  });
});
