import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { kernelShapExplainer } from './kernelShapExplainer.js';
import { shapleySizeCdf } from './internal/shapleySizeCdf.js';
import { bruteForceShapley } from './__fixtures__/bruteForceShapley.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { linearProbabilityModel, randomMlp, uniformMatrix } from './__fixtures__/models.js';

function rowsOf(m: Matrix): Float64Array[] {
  return Array.from({ length: m.rows }, (_, i) => m.data.slice(i * m.cols, (i + 1) * m.cols));
}

function predicted(model: Model, x: Matrix): Int32Array {
  const p = model.predictProba(x);
  return Int32Array.from({ length: x.rows }, (_, i) => {
    let t = 0;
    for (let c = 1; c < p.cols; c++) if (p.data[i * p.cols + c]! > p.data[i * p.cols + t]!) t = c;
    return t;
  });
}

/** p_target at x_i minus the (weighted) mean of p_target over the background rows (the efficiency target). */
function efficiencyTarget(model: Model, xi: Float64Array, t: number, bg: Float64Array[], weights?: readonly number[]): number {
  const d = xi.length;
  const px = model.predictProba({ rows: 1, cols: d, data: xi }).data[t]!;
  let mean = 0;
  bg.forEach((r, k) => (mean += (weights?.[k] ?? 1 / bg.length) * model.predictProba({ rows: 1, cols: d, data: r }).data[t]!));
  return px - mean;
}

/** A model that records every matrix it is asked about. */
function recording(inner: Model): Model & { seen: Matrix[] } {
  const seen: Matrix[] = [];
  return {
    inputDim: inner.inputDim,
    classes: inner.classes,
    seen,
    predictProba(m: Matrix): Matrix {
      seen.push({ rows: m.rows, cols: m.cols, data: m.data.slice(0, m.rows * m.cols) });
      return inner.predictProba(m);
    },
  };
}

describe('kernelShapExplainer (constrained, Lundberg & Lee)', () => {
  it("background 'sample': 50 distinct training rows drawn with the seed (all of train when it has fewer)", () => {
    const d = 4;
    const train = uniformMatrix(120, d, 1);
    const trainRows = rowsOf(train).map((r) => Array.from(r).join(','));
    const shap = kernelShapExplainer({ train, seed: 3, background: 'sample' });
    expect(shap.config).toMatchObject({ variant: 'constrained', background: 'sample', backgroundWeights: null });
    const bg = shap.config.backgroundRows!.map((r) => r.join(','));
    expect(bg.length).toBe(50);
    expect(new Set(bg).size).toBe(50);
    for (const r of bg) expect(trainRows).toContain(r);
    expect(kernelShapExplainer({ train, seed: 3, background: 'sample' }).config.backgroundRows).toEqual(shap.config.backgroundRows);
    expect(kernelShapExplainer({ train, seed: 4, background: 'sample' }).config.backgroundRows).not.toEqual(shap.config.backgroundRows);
    expect(kernelShapExplainer({ train: uniformMatrix(7, d, 2), background: 'sample' }).config.backgroundRows!.length).toBe(7);
  });

  it("default background 'kmeans': 5 real training rows weighted by cluster share (3 tight clusters of 60/30/10 rows)", () => {
    const d = 3;
    const centres = [
      [0, 0, 0],
      [5, 5, 0],
      [0, 5, 5],
    ];
    const sizes = [60, 30, 10];
    const jitter = uniformMatrix(100, d, 5, -0.1, 0.1);
    const data: number[] = [];
    const group: number[] = [];
    let q = 0;
    sizes.forEach((n, g) => {
      for (let i = 0; i < n; i++, q++) {
        for (let j = 0; j < d; j++) data.push(centres[g]![j]! + jitter.data[q * d + j]!);
        group.push(g);
      }
    });
    const train = { rows: 100, cols: d, data: Float64Array.from(data) };
    const trainRows = rowsOf(train).map((r) => Array.from(r).join(','));
    const shap = kernelShapExplainer({ train, seed: 1 });
    expect(shap.config).toMatchObject({ variant: 'constrained', background: 'kmeans', samples: 'auto', backgroundPerCoalition: 'all' });
    const rows = shap.config.backgroundRows!;
    const w = shap.config.backgroundWeights!;
    expect(rows.length).toBe(5);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    const share = [0, 0, 0];
    rows.forEach((r, k) => {
      const at = trainRows.indexOf(r.join(','));
      expect(at).toBeGreaterThanOrEqual(0); // a real training row
      share[group[at]!] = share[group[at]!]! + w[k]!;
    });
    // A cluster never straddles two groups 5 apart, so each group keeps its share.
    sizes.forEach((n, g) => expect(share[g]!).toBeCloseTo(n / 100, 14));
    expect(kernelShapExplainer({ train, seed: 1 }).config).toEqual(shap.config);
    // Fewer distinct rows than clusters: one row per distinct value, weighted by its count.
    const two = { rows: 4, cols: 2, data: Float64Array.of(1, 0, 1, 0, 1, 0, 0, 1) };
    const small = kernelShapExplainer({ train: two }).config;
    expect(small.backgroundRows!.length).toBe(2);
    const byRow = Object.fromEntries(small.backgroundRows!.map((r, k) => [r.join(','), small.backgroundWeights![k]]));
    expect(byRow).toEqual({ '1,0': 0.75, '0,1': 0.25 });
  });

  it('exact mode equals brute-force Shapley values of the background-averaged game, and Σφ = p(x) − mean_b p(b)', () => {
    // Default (5 weighted k-means rows: 'auto' enumerates up to d = 10 whatever the background),
    // 20 sampled rows, and 60 sampled rows at d = 9 (2^9·60 rows per instance, over several calls).
    for (const [d, o] of [
      [3, {}],
      [6, {}],
      [10, {}],
      [5, { background: 'sample', backgroundSize: 20 }],
      [9, { background: 'sample', backgroundSize: 60, batchRows: 1000 }],
    ] as const) {
      const model = randomMlp([d, 10, 3], 'relu', d, 2.5);
      const train = uniformMatrix(80, d, 100 + d);
      const x = uniformMatrix(3, d, 200 + d);
      const shap = kernelShapExplainer({ train, ...o });
      const bg = shap.config.backgroundRows!.map((r) => Float64Array.from(r));
      const w = shap.config.backgroundWeights ?? undefined;
      expect(bg.length).toBe('backgroundSize' in o ? o.backgroundSize : 5);
      const attr = shap.explain(model, x);
      const t = predicted(model, x);
      rowsOf(x).forEach((xi, i) => {
        const ref = bruteForceShapley(model, xi, t[i]!, bg, w);
        let s = 0;
        for (let j = 0; j < d; j++) {
          expect(Math.abs(attr.data[i * d + j]! - ref[j]!)).toBeLessThan(1e-9);
          s += attr.data[i * d + j]!;
        }
        expect(Math.abs(s - efficiencyTarget(model, xi, t[i]!, bg, w))).toBeLessThan(1e-12);
      });
    }
  });

  it('exact mode with an explicit 3-row background matrix equals the brute-force averaged game', () => {
    const d = 5;
    const model = randomMlp([d, 8, 2], 'tanh', 3, 2);
    const background = uniformMatrix(3, d, 4, -1, 1);
    const shap = kernelShapExplainer({ background });
    expect(shap.config.background).toBe('matrix');
    const bg = rowsOf(background);
    const x = uniformMatrix(3, d, 5);
    const attr = shap.explain(model, x);
    const t = predicted(model, x);
    rowsOf(x).forEach((xi, i) => {
      const ref = bruteForceShapley(model, xi, t[i]!, bg);
      for (let j = 0; j < d; j++) expect(Math.abs(attr.data[i * d + j]! - ref[j]!)).toBeLessThan(1e-9);
    });
  });

  it("'auto' enumerates whenever d <= maxExactFeatures, whatever the background; a given maxExactRows caps it", () => {
    const d = 6;
    const train = uniformMatrix(60, d, 7);
    const rowsPerInstance = (o: object): number => {
      const model = randomMlp([d, 4, 2], 'tanh', 1);
      kernelShapExplainer({ train, ...o }).explain(model, uniformMatrix(1, d, 8), { targets: Int32Array.of(0) });
      return model.calls.rows;
    };
    // background rows once + x + every proper coalition times its background rows
    expect(rowsPerInstance({})).toBe(5 + 1 + 62 * 5); // 5 k-means rows: 64·5 = 320 <= 2048
    expect(rowsPerInstance({ background: 'sample', backgroundSize: 30 })).toBe(30 + 1 + 62 * 30); // 64·30 = 1920 <= 2048
    expect(rowsPerInstance({ background: 'sample', backgroundSize: 40 })).toBe(40 + 1 + 62 * 40);
    // 64·40 = 2560 > 2048: 'auto' = 100 sampled coalitions x all rows
    expect(rowsPerInstance({ background: 'sample', backgroundSize: 40, maxExactRows: 2048 })).toBe(40 + 1 + 98 * 40);
    expect(rowsPerInstance({ maxExactFeatures: 5 })).toBe(5 + 1 + 98 * 5);
    expect(rowsPerInstance({ background: 'sample', backgroundSize: 40, exact: false, backgroundPerCoalition: 1, samples: 500 })).toBe(
      40 + 1 + 498,
    );
    expect(rowsPerInstance({ background: 'sample', backgroundSize: 40, exact: false, backgroundPerCoalition: 3, samples: 10 })).toBe(
      40 + 1 + 8 * 3,
    );
  });

  it("samples 'auto' = 5·d coalitions clamped to [100, 500]", () => {
    for (const [d, C] of [
      [4, 100],
      [30, 150],
      [120, 500],
    ] as const) {
      const model = linearProbabilityModel(new Array(d).fill(0.001), new Array(d).fill(0));
      let rows = 0;
      const counting: Model = {
        inputDim: d,
        classes: 2,
        predictProba: (m: Matrix) => {
          rows += m.rows;
          return model.predictProba(m);
        },
      };
      const shap = kernelShapExplainer({ background: new Array(d).fill(0), exact: false });
      expect(shap.config.samples).toBe('auto');
      shap.explain(counting, uniformMatrix(1, d, 1), { targets: Int32Array.of(1) });
      expect(rows).toBe(1 + 1 + (C - 2)); // background, x, the proper coalitions
    }
    expect(codeOf(() => kernelShapExplainer({ background: [0], samples: 'many' as never }))).toBe('BAD_OPTION');
  });

  it('sampled mode pairs each coalition with background rows in turn: complements share one, every row serves equally', () => {
    const d = 5;
    const B = 4;
    const background = { rows: B, cols: d, data: Float64Array.from({ length: B * d }, (_, k) => 10 + Math.floor(k / d)) }; // row r = all (10 + r)
    const model = recording(randomMlp([d, 6, 2], 'tanh', 2));
    const x = { rows: 1, cols: d, data: Float64Array.of(0.1, 0.2, 0.3, 0.4, 0.5) };
    kernelShapExplainer({ background, exact: false, samples: 42, backgroundPerCoalition: 1 }).explain(model, x, {
      targets: Int32Array.of(1),
    });
    const call = model.seen[0]!;
    expect(call.rows).toBe(B + 1 + 40);
    for (let r = 0; r < B; r++) expect(Array.from(call.data.subarray(r * d, (r + 1) * d))).toEqual(new Array(d).fill(10 + r));
    expect(Array.from(call.data.subarray(B * d, (B + 1) * d))).toEqual(Array.from(x.data));
    const used: number[] = [];
    for (let s = 0; s < 40; s++) {
      const row = call.data.subarray((B + 1 + s) * d, (B + 2 + s) * d);
      const absent = Array.from(row).filter((v) => v >= 10);
      expect(absent.length).toBeGreaterThan(0); // proper coalitions only
      expect(new Set(absent).size).toBe(1); // one background row per model row
      used.push(absent[0]! - 10);
    }
    for (let s = 0; s < 40; s += 2) {
      expect(used[s + 1]).toBe(used[s]); // a coalition and its complement
      if (s > 0) expect(used[s]).toBe((used[s - 2]! + 1) % B); // then the next row
    }
    for (let r = 0; r < B; r++) expect(used.filter((u) => u === r).length).toBe(10);
  });

  it('sampled mode converges to the exact averaged game (one background row per coalition, or all) and is always efficient', () => {
    const d = 7;
    const model = randomMlp([d, 12, 2], 'relu', 21, 3);
    const background = uniformMatrix(8, d, 22);
    const x = uniformMatrix(5, d, 23);
    const exact = kernelShapExplainer({ background, exact: true }).explain(model, x);
    const err = (samples: number, backgroundPerCoalition: number | 'all'): number => {
      const a = kernelShapExplainer({ background, exact: false, samples, backgroundPerCoalition, seed: 1 }).explain(model, x);
      let e = 0;
      for (let k = 0; k < a.data.length; k++) e += Math.abs(a.data[k]! - exact.data[k]!);
      return e / a.data.length;
    };
    const small = err(40, 1);
    expect(err(4000, 1)).toBeLessThan(small / 3);
    expect(err(4000, 'all')).toBeLessThan(small / 3);
    // Weighted rows (k-means shares) drawn one per coalition: scaled by B·w_r, still unbiased.
    const km = kernelShapExplainer({ train: uniformMatrix(40, d, 24), backgroundSize: 4 });
    const kmExact = km.explain(model, x).data;
    const kmErr = (samples: number): number => {
      const a = kernelShapExplainer({
        train: uniformMatrix(40, d, 24),
        backgroundSize: 4,
        exact: false,
        samples,
        backgroundPerCoalition: 1,
        seed: 1,
      }).explain(model, x);
      let e = 0;
      for (let k = 0; k < a.data.length; k++) e += Math.abs(a.data[k]! - kmExact[k]!);
      return e / a.data.length;
    };
    expect(kmErr(4000)).toBeLessThan(kmErr(40) / 3);
    const sampled = kernelShapExplainer({ background, exact: false, samples: 60, seed: 2 }).explain(model, x);
    const t = predicted(model, x);
    const bg = rowsOf(background);
    rowsOf(x).forEach((xi, i) => {
      let s = 0;
      for (let j = 0; j < d; j++) s += sampled.data[i * d + j]!;
      expect(Math.abs(s - efficiencyTarget(model, xi, t[i]!, bg))).toBeLessThan(1e-12);
    });
  });

  it('too few coalitions: the constrained fit is the minimum-norm solution, symmetric in the features (not piled on the last one)', () => {
    const d = 12;
    const model = recording(randomMlp([d, 10, 2], 'tanh', 9, 2));
    const b0 = new Array(d).fill(-1); // x lies in [0, 1]: present features are recognisable
    const x = uniformMatrix(2, d, 10);
    const t = Int32Array.of(0, 1);
    // Only the full and empty coalitions: the minimum-norm φ with Σφ = Δ is Δ/d everywhere.
    const flat = kernelShapExplainer({ background: b0, exact: false, samples: 2 }).explain(model, x, { targets: t });
    rowsOf(x).forEach((xi, i) => {
      const delta = efficiencyTarget(model, xi, t[i]!, [Float64Array.from(b0)]);
      for (let j = 0; j < d; j++) expect(flat.data[i * d + j]!).toBeCloseTo(delta / d, 14);
    });
    // 4 unpaired coalitions + Σφ = Δ: 5 equations in 12 unknowns. When they are independent
    // the fit is exact (weights do not matter) and the answer is A⁺·rhs, A = [z_1; …; z_4; 1ᵀ].
    // Keys choose the draws; take the first key whose 4 coalitions are independent.
    const xi = x.data.slice(0, d);
    const one = { rows: 1, cols: d, data: xi };
    const vEmpty = model.predictProba({ rows: 1, cols: d, data: Float64Array.from(b0) }).data[0]!;
    let checked = 0;
    for (let key = 0; key < 40 && checked === 0; key++) {
      model.seen.length = 0;
      const few = kernelShapExplainer({ background: b0, exact: false, samples: 6, paired: false }).explain(model, one, {
        targets: Int32Array.of(0),
        keys: [key],
      });
      const call = model.seen[0]!; // background, x, 4 coalitions
      const A: number[][] = [];
      const rhs: number[] = [];
      for (let s = 2; s < 6; s++) {
        const row = call.data.slice(s * d, (s + 1) * d);
        A.push(Array.from(row, (v) => (v === -1 ? 0 : 1)));
        rhs.push(model.predictProba({ rows: 1, cols: d, data: row }).data[0]! - vEmpty);
      }
      A.push(new Array(d).fill(1));
      rhs.push(efficiencyTarget(model, xi, 0, [Float64Array.from(b0)]));
      const ref = minimumNormSolution(A, rhs);
      if (ref === null) continue;
      for (let j = 0; j < d; j++) expect(few.data[j]!).toBeCloseTo(ref[j]!, 10);
      checked++;
    }
    expect(checked).toBe(1);
  });

  it('handles a single feature: φ = f(x) − f(background)', () => {
    const model = linearProbabilityModel([0.3], [0]);
    const x = { rows: 1, cols: 1, data: Float64Array.of(0.5) };
    const a = kernelShapExplainer({ background: [0.1] }).explain(model, x, { targets: Int32Array.of(1) });
    expect(a.data[0]!).toBeCloseTo(0.3 * 0.4, 14);
    const c = kernelShapExplainer({ preset: 'openxai', background: [0.1], samples: 10 }).explain(model, x, { targets: Int32Array.of(1) });
    expect(c.data[0]!).toBeCloseTo(0.3 * 0.4, 10);
  });

  it('explains an empty batch without querying the coalitions', () => {
    const model = randomMlp([3, 4, 2], 'tanh', 1);
    const a = kernelShapExplainer({ train: uniformMatrix(5, 3, 1) }).explain(model, { rows: 0, cols: 3, data: new Float64Array(0) });
    expect([a.rows, a.cols]).toEqual([0, 3]);
  });
});

/** A⁺ b for a full-row-rank A (rows <= cols): Aᵀ (A Aᵀ)⁻¹ b by Gauss–Jordan; null when A A^T is singular. */
function minimumNormSolution(A: number[][], b: number[]): number[] | null {
  const m = A.length;
  const n = A[0]!.length;
  const G = A.map((ri) => [...A.map((rj) => ri.reduce((s, v, k) => s + v * rj[k]!, 0)), b[A.indexOf(ri)]!]);
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(G[r]![c]!) > Math.abs(G[p]![c]!)) p = r;
    if (Math.abs(G[p]![c]!) < 1e-9) return null;
    [G[c], G[p]] = [G[p]!, G[c]!];
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = G[r]![c]! / G[c]![c]!;
      for (let k = c; k <= m; k++) G[r]![k] = G[r]![k]! - f * G[c]![k]!;
    }
  }
  const y = G.map((r, c) => r[m]! / r[c]!);
  return Array.from({ length: n }, (_, j) => A.reduce((s, r, i) => s + r[j]! * y[i]!, 0));
}

describe('kernelShapExplainer (captum, the openxai preset)', () => {
  it('TV9: coalition sizes follow P(1..3) = (4/11, 3/11, 4/11) for d = 4 and the tabulated d = 7 law', () => {
    const pmf = (d: number): number[] => {
      const c = shapleySizeCdf(d);
      return Array.from(c, (v, k) => v - (k === 0 ? 0 : c[k - 1]!));
    };
    [4 / 11, 3 / 11, 4 / 11].forEach((p, k) => expect(pmf(4)[k]!).toBeCloseTo(p, 15));
    [0.238095, 0.142857, 0.119048, 0.119048, 0.142857, 0.238095].forEach((p, k) => expect(pmf(7)[k]!).toBeCloseTo(p, 6));
    expect(shapleySizeCdf(7)[5]).toBe(1); // k = d (and k = 0) are not in the support
  });

  it('recovers w_j·x_j exactly on an additive model with the zero baseline', () => {
    const w = [0.05, -0.08, 0.02, 0.1, -0.03, 0.07];
    const model = linearProbabilityModel(w, [0.2, 0.2, 0.2, 0.2, 0.2, 0.2]);
    const x = uniformMatrix(4, 6, 7);
    const shap = kernelShapExplainer({ preset: 'openxai' });
    expect(shap.config).toMatchObject({ variant: 'captum', samples: 500, background: 'zeros' });
    const attr = shap.explain(model, x);
    const t = predicted(model, x);
    for (let i = 0; i < 4; i++) {
      const sign = t[i] === 1 ? 1 : -1;
      for (let j = 0; j < 6; j++) expect(attr.data[i * 6 + j]!).toBeCloseTo(sign * w[j]! * x.data[i * 6 + j]!, 10);
    }
  });

  it('evaluates full, empty, then coalitions whose sizes follow (d−1)/(k(d−k))', () => {
    const d = 6;
    const inner = randomMlp([d, 5, 2], 'tanh', 1);
    const seen: Matrix[] = [];
    const model: Model = {
      inputDim: d,
      classes: 2,
      predictProba(m: Matrix): Matrix {
        seen.push({ rows: m.rows, cols: d, data: m.data.slice(0, m.rows * d) });
        return inner.predictProba(m);
      },
    };
    const x = { rows: 1, cols: d, data: Float64Array.of(0.3, 0.6, 0.9, 0.2, 0.5, 0.8) };
    const S = 6000;
    kernelShapExplainer({ preset: 'openxai', samples: S }).explain(model, x);
    // One call: the background (Captum's zero baseline, for v(∅)) once, x (v(N)), then the
    // S − 2 sampled coalitions.
    const z = seen[1]!;
    expect(z.rows).toBe(S);
    expect(Array.from(z.data.subarray(0, d))).toEqual(new Array(d).fill(0));
    expect(Array.from(z.data.subarray(d, 2 * d))).toEqual(Array.from(x.data));
    const counts = new Float64Array(d + 1);
    const featureCounts = new Float64Array(d);
    for (let s = 2; s < S; s++) {
      let k = 0;
      for (let j = 0; j < d; j++)
        if (z.data[s * d + j] !== 0) {
          k++;
          featureCounts[j] = featureCounts[j]! + 1;
        }
      counts[k] = counts[k]! + 1;
    }
    expect(counts[0]).toBe(0);
    expect(counts[d]).toBe(0);
    let norm = 0;
    for (let k = 1; k < d; k++) norm += (d - 1) / (k * (d - k));
    for (let k = 1; k < d; k++) {
      const expected = ((S - 2) * (d - 1)) / (k * (d - k)) / norm;
      expect(Math.abs(counts[k]! - expected)).toBeLessThan(5 * Math.sqrt(expected));
    }
    // members are uniform: every feature present about half the time (sizes are symmetric)
    for (let j = 0; j < d; j++) expect(Math.abs(featureCounts[j]! / (S - 2) - 0.5)).toBeLessThan(0.04);
  });

  it('is close to efficient thanks to the heavy endpoint weights, and exactly so in constrained mode', () => {
    const d = 7;
    const model = randomMlp([d, 9, 2], 'relu', 31, 3);
    const x = uniformMatrix(5, d, 32);
    const attr = kernelShapExplainer({ preset: 'openxai', samples: 200 }).explain(model, x);
    const p = model.predictProba(x).data;
    const p0 = model.predictProba({ rows: 1, cols: d, data: new Float64Array(d) }).data;
    const t = predicted(model, x);
    for (let i = 0; i < 5; i++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += attr.data[i * d + j]!;
      expect(Math.abs(s - (p[i * 2 + t[i]!]! - p0[t[i]!]!))).toBeLessThan(1e-3);
    }
  });

  it('queries the model once for labels and once for every coalition of the batch', () => {
    const model = randomMlp([4, 5, 2], 'tanh', 3);
    kernelShapExplainer({ preset: 'openxai', samples: 100 }).explain(model, uniformMatrix(10, 4, 1));
    expect(model.calls.proba).toBe(2);
    expect(model.calls.rows).toBe(10 + 1 + 10 * 99); // labels; the zero baseline once; per row x + 98 coalitions
  });
});

describe('kernelShapExplainer options', () => {
  it('rejects bad options with typed errors', () => {
    const train = uniformMatrix(5, 3, 1);
    expect(codeOf(() => kernelShapExplainer())).toBe('BAD_OPTION'); // default background 'kmeans' needs train
    expect(codeOf(() => kernelShapExplainer({ background: 'sample' }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: 'mean' }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, backgroundSize: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, backgroundPerCoalition: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, backgroundPerCoalition: 'most' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, maxExactRows: 1.5 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ variant: 'exact' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ preset: 'openxai', exact: true }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, samples: 1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: 'median' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: { rows: 0, cols: 3, data: new Float64Array(0) } }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ background: [1, Number.POSITIVE_INFINITY] }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, endpointWeight: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => kernelShapExplainer({ train, exact: 'yes' as never }))).toBe('BAD_OPTION');
    const model = linearProbabilityModel([0.1, 0.1], [0, 0]);
    expect(codeOf(() => kernelShapExplainer({ background: [0, 0, 0] }).explain(model, uniformMatrix(1, 2, 1)))).toBe('SHAPE_MISMATCH');
    const wide = linearProbabilityModel(new Array(25).fill(0.001), new Array(25).fill(0));
    expect(codeOf(() => kernelShapExplainer({ background: 'zeros', exact: true }).explain(wide, uniformMatrix(1, 25, 1)))).toBe(
      'BAD_OPTION',
    );
    // 2^21 coalitions: over the 2^20 limit of the coalition table
    const d21 = linearProbabilityModel(new Array(21).fill(0.001), new Array(21).fill(0));
    expect(codeOf(() => kernelShapExplainer({ background: 'zeros', exact: true }).explain(d21, uniformMatrix(1, 21, 1)))).toBe(
      'BAD_OPTION',
    );
  });

  it('switches the background default with the variant', () => {
    expect(kernelShapExplainer({ variant: 'captum' }).config.background).toBe('zeros');
    expect(kernelShapExplainer({ preset: 'openxai', variant: 'constrained', train: uniformMatrix(3, 2, 1) }).config.background).toBe(
      'kmeans',
    );
    expect(kernelShapExplainer({ background: 'mean', train: uniformMatrix(3, 2, 1) }).config.backgroundRows).toEqual([
      [expect.any(Number), expect.any(Number)],
    ]);
  });
});
