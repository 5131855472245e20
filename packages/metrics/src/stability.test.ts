import { describe, expect, it } from 'vitest';
import { createRng, fromRows, hashFloat64, isXaiError, matrix, row, substream } from '@xai/core';
import type { ExplainOptions, Explainer, Matrix, Model } from '@xai/core';
import { constantExplainer, countingExplainer, gradientExplainer, noisyGradientExplainer } from './__fixtures__/explainers.js';
import { countingModel, reusingModel } from './__fixtures__/models.js';
import { tinyLr } from './__fixtures__/tinyLr.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { metrics } from './metrics.js';
import { relativeStability } from './stability/relativeStability.js';
import { ris } from './stability/ris.js';
import { ros } from './stability/ros.js';
import { rrs } from './stability/rrs.js';

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const norm = (v: ArrayLike<number>): number => Math.sqrt(Array.from(v).reduce((a, b) => a + b * b, 0));
const diffNorm = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  Math.sqrt(Array.from(a).reduce((s, v, j) => s + (v - b[j]!) ** 2, 0));

function uniformMatrix(n: number, d: number, seed: number, lo = 0, hi = 1): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillUniform(m.data);
  for (let i = 0; i < m.data.length; i++) m.data[i] = lo + (hi - lo) * m.data[i]!;
  return m;
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

const small = { candidates: 60, neighbours: 20 } as const;

describe('closed forms', () => {
  // LR: the gradient of the predicted class's probability is +-s(x) w with s = p(1-p), so
  // ||e - e'|| / ||e|| = |s - s'| / s for a same-label neighbour.
  const lr = tinyLr([1.5, -2, 0.5, 1], 0.3);
  const x = uniformMatrix(6, 4, 21);

  it('LR + Gradient: RIS and ROS (probabilities) equal the max of the closed-form ratios over the kept neighbours', () => {
    const r = relativeStability(
      { x, model: lr, explainer: gradientExplainer() },
      { ...small, keepNeighbours: true, seed: 4, rosOutput: 'probability' },
    );
    const nb = r.diagnostics.neighbourhood!;
    expect(nb.x.rows).toBe(Array.from(r.diagnostics.neighbourCounts).reduce((a, b) => a + b, 0));
    for (let i = 0; i < 6; i++) {
      const xi = row(x, i);
      const pi = sigmoid(lr.z(xi));
      const si = pi * (1 - pi);
      let bestRis = 0;
      let bestRos = 0;
      for (let t = 0; t < nb.x.rows; t++) {
        if (nb.owner[t] !== i) continue;
        const xt = row(nb.x, t);
        const pt = sigmoid(lr.z(xt));
        expect(pt > 0.5).toBe(pi > 0.5); // same predicted label
        expect(diffNorm(xi, xt)).toBeLessThan(1e-4); // sigma = 1e-5
        const num = Math.abs(si - pt * (1 - pt)) / si;
        bestRis = Math.max(bestRis, num / (diffNorm(xi, xt) / norm(xi)));
        const rosDen = (Math.SQRT2 * Math.abs(pi - pt)) / Math.hypot(pi, 1 - pi);
        bestRos = Math.max(bestRos, num / rosDen);
      }
      expect(r.RIS.values[i]! / bestRis).toBeCloseTo(1, 6);
      expect(r.ROS.values[i]! / bestRos).toBeCloseTo(1, 6);
    }
    expect(r.RRS).toBeNull();
    expect(r.diagnostics.rrs).toBe('not-applicable');
  });

  it("LR + Gradient, openxai: ROS on logits [0, z] is max |s - s'|/s / (|z - z'| / |z|)", () => {
    const r = relativeStability({ x, model: lr, explainer: gradientExplainer() }, { ...small, preset: 'openxai', keepNeighbours: true });
    expect(r.diagnostics.rosOutput).toBe('logit');
    const nb = r.diagnostics.neighbourhood!;
    for (let i = 0; i < 6; i++) {
      const zi = lr.z(row(x, i));
      const si = sigmoid(zi) * (1 - sigmoid(zi));
      let best = 0;
      for (let t = 0; t < nb.x.rows; t++) {
        if (nb.owner[t] !== i) continue;
        const zt = lr.z(row(nb.x, t));
        const st = sigmoid(zt) * (1 - sigmoid(zt));
        best = Math.max(best, Math.abs(si - st) / si / (Math.abs(zi - zt) / Math.abs(zi)));
      }
      expect(r.ROS.values[i]! / best).toBeCloseTo(1, 6);
    }
  });

  it("RRS with a hidden layer h = relu(x + 5) = x + 5: denominator ||x - x'|| / ||x + 5||", () => {
    const d = 3;
    const I = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    const mlp = tinyMlp(
      I,
      [5, 5, 5],
      [
        [0.5, -1, 0.3],
        [-0.2, 1.1, -0.4],
      ],
      [0.1, -0.1],
    );
    const xs = uniformMatrix(4, d, 8);
    const grad = gradientExplainer();
    const r = relativeStability({ x: xs, model: mlp, explainer: grad }, { ...small, keepNeighbours: true });
    const nb = r.diagnostics.neighbourhood!;
    const eA = grad.explain(mlp, xs);
    const eN = grad.explain(mlp, nb.x, {
      targets: Int32Array.from(nb.owner, (i) => (mlp.predictProba(xs).data[2 * i + 1]! > 0.5 ? 1 : 0)),
    });
    for (let i = 0; i < 4; i++) {
      const xi = row(xs, i);
      const hi = xi.map((v) => v + 5);
      let best = 0;
      for (let t = 0; t < nb.x.rows; t++) {
        if (nb.owner[t] !== i) continue;
        const num = diffNorm(row(eA, i), row(eN, t)) / norm(row(eA, i));
        best = Math.max(best, num / (diffNorm(xi, row(nb.x, t)) / norm(hi)));
      }
      expect(r.RRS!.values[i]! / best).toBeCloseTo(1, 6);
    }
    expect(r.diagnostics.rrs).toBe('computed');
  });

  it('a constant explainer scores 0 on all three', () => {
    const mlp = tinyMlp(
      [
        [1, 0],
        [0, 1],
        [1, 1],
      ],
      [0.5, 0.5, 0.5],
      [
        [1, -1, 0.5],
        [-1, 1, 0.2],
      ],
      [0, 0],
    );
    const r = relativeStability({ x: uniformMatrix(5, 2, 3), model: mlp, explainer: constantExplainer([0.3, -0.7]) }, small);
    for (const res of [r.RIS, r.RRS!, r.ROS]) {
      expect(res.count).toBe(5);
      for (const v of res.values) expect(v).toBe(0);
    }
  });
});

describe('undefined cases are counted, never dropped', () => {
  const lr = tinyLr([1, -1], 0.2);
  const x = uniformMatrix(4, 2, 1);

  it('an all-zero explanation makes every ratio undefined: values NaN, every instance listed', () => {
    const r = relativeStability({ x, model: lr, explainer: constantExplainer([0, 0]) }, small);
    for (const res of [r.RIS, r.ROS]) {
      expect(res.undefinedIndices).toEqual([0, 1, 2, 3]);
      expect(res.count).toBe(0);
      expect(res.undefinedRatios.count).toBe(Array.from(r.diagnostics.neighbourCounts).reduce((a, b) => a + b, 0));
      expect(res.undefinedRatios.instances).toEqual([0, 1, 2, 3]);
    }
  });

  it('sigma = 0: neighbours equal the instance, zero denominators are counted', () => {
    const r = relativeStability({ x, model: lr, explainer: gradientExplainer() }, { ...small, sigma: 0 });
    expect(r.RIS.undefinedIndices).toEqual([0, 1, 2, 3]);
    expect(r.RIS.undefinedRatios.perInstance[0]).toBe(20);
  });

  it('instances without same-label neighbours, and with fewer than wanted, are listed', () => {
    // Label 0 only at exactly x; every perturbed candidate is label 1.
    const anchors = fromRows([
      [0.25, 0.5],
      [0.75, 0.5],
    ]);
    const exact = new Set([0.25, 0.75]);
    const picky: Model = {
      inputDim: 2,
      classes: 2,
      predictProba: (m: Matrix) => {
        const out = new Float64Array(m.rows * 2);
        for (let i = 0; i < m.rows; i++) {
          const a = exact.has(row(m, i)[0]!) ? 0.9 : 0.1;
          out[2 * i] = a;
          out[2 * i + 1] = 1 - a;
        }
        return { rows: m.rows, cols: 2, data: out };
      },
    };
    const r = relativeStability({ x: anchors, model: picky, explainer: constantExplainer([1, 1]) }, { candidates: 10, neighbours: 5 });
    expect(r.diagnostics.noNeighbours).toEqual([0, 1]);
    expect(r.RIS.noNeighbours).toEqual([0, 1]);
    expect(r.RIS.undefinedIndices).toEqual([0, 1]);
    const short = relativeStability({ x, model: lr, explainer: gradientExplainer() }, { candidates: 5, neighbours: 10 });
    expect(short.diagnostics.shortOfNeighbours).toEqual([0, 1, 2, 3]);
    expect(short.diagnostics.noNeighbours).toEqual([]);
  });
});

describe('one shared computation, batch-first', () => {
  const mlp = tinyMlp(
    [
      [1, 0.5],
      [-0.5, 1],
      [0.3, 0.3],
    ],
    [0.2, 0.1, 0.4],
    [
      [1, -1, 0.5],
      [-1, 1, 0.2],
    ],
    [0, 0],
  );
  const x = uniformMatrix(10, 2, 9);

  it('one explainer call per block holding anchors + neighbours (+ anchors under a second key)', () => {
    const ex = countingExplainer(gradientExplainer());
    const cm = countingModel(mlp);
    // candidateChunk = candidates: every candidate of a block is labelled in one round.
    const r = relativeStability({ x, model: cm, explainer: ex }, { ...small, blockSize: 4, rosOutput: 'probability', candidateChunk: 60 });
    const kept = Array.from(r.diagnostics.neighbourCounts);
    const perBlock = [kept.slice(0, 4), kept.slice(4, 8), kept.slice(8)].map((b) => b.reduce((a, c) => a + c, 0) + 2 * b.length);
    expect(ex.calls).toEqual(perBlock);
    expect(cm.calls.predictProba).toEqual([10, 4 * 60, 4 * 60, 2 * 60]);
    // Early exit (default chunk ceil(1.25 * 20) = 25): rounds stop once 20 are kept; same result.
    const cm2 = countingModel(mlp);
    const r2 = relativeStability({ x, model: cm2, explainer: gradientExplainer() }, { ...small, blockSize: 4, rosOutput: 'probability' });
    expect(Array.from(r2.RIS.values)).toEqual(Array.from(r.RIS.values));
    expect(Array.from(r2.ROS.values)).toEqual(Array.from(r.ROS.values));
    const drawn = Array.from(r2.diagnostics.candidatesDrawn);
    expect(cm2.calls.predictProba.slice(1).reduce((a, c) => a + c, 0)).toBe(drawn.reduce((a, c) => a + c, 0));
    for (let i = 0; i < 10; i++) {
      expect(drawn[i]).toBeLessThanOrEqual(60);
      // Stopped early only with the budget met.
      if (drawn[i]! < 60) expect(r2.diagnostics.neighbourCounts[i]).toBe(20);
    }
    expect(drawn.some((v) => v < 60)).toBe(true);
    expect(cm.calls.hidden.length).toBe(3);
    const one = countingExplainer(gradientExplainer());
    relativeStability({ x, model: mlp, explainer: one }, { ...small, blockSize: 10 });
    expect(one.calls.length).toBe(1);
  });

  it('RIS, RRS, ROS from relativeStability equal the single-metric wrappers', () => {
    const all = relativeStability({ x, model: mlp, explainer: gradientExplainer() }, small);
    expect(Array.from(ris({ x, model: mlp, explainer: gradientExplainer() }, small).values)).toEqual(Array.from(all.RIS.values));
    expect(Array.from(rrs({ x, model: mlp, explainer: gradientExplainer() }, small)!.values)).toEqual(Array.from(all.RRS!.values));
    expect(Array.from(ros({ x, model: mlp, explainer: gradientExplainer() }, small).values)).toEqual(Array.from(all.ROS.values));
    // openxai labels candidates with logits (free ROS representations) and gets the same
    // neighbours (with its float32 rounding of the candidates turned off).
    const ox = relativeStability(
      { x, model: mlp, explainer: gradientExplainer() },
      { ...small, preset: 'openxai', float32Neighbours: false },
    );
    expect(Array.from(ox.RIS.values)).toEqual(Array.from(all.RIS.values));
  });

  it('given attributions (deterministic explainer) give the same scores as re-explaining', () => {
    const grad = gradientExplainer();
    const a = relativeStability({ x, model: mlp, explainer: grad }, small);
    const b = relativeStability(
      { x, model: mlp, explainer: grad, attributions: grad.explain(mlp, x) },
      { ...small, useGivenAttributions: true },
    );
    for (let i = 0; i < 10; i++) expect(b.RIS.values[i]).toBeCloseTo(a.RIS.values[i]!, 12);
  });
});

describe('stochastic explainers: common random numbers', () => {
  const lr = tinyLr([1.5, -2, 0.5, 1], 0.3);
  const x = uniformMatrix(5, 4, 2);

  it("default cancels the explainer noise in e - e'; own keys (openxai) measure mostly noise; the noise diagnostic shows it", () => {
    const noisy = noisyGradientExplainer(0.05);
    const crn = relativeStability({ x, model: lr, explainer: noisy }, small);
    const own = relativeStability({ x, model: lr, explainer: noisy }, { ...small, preset: 'openxai' });
    const clean = relativeStability({ x, model: lr, explainer: gradientExplainer() }, small);
    expect(crn.diagnostics.requestedKeys).toBe('common');
    expect(own.diagnostics.requestedKeys).toBe('own');
    for (let i = 0; i < 5; i++) {
      expect(own.RIS.values[i]!).toBeGreaterThan(1000 * crn.RIS.values[i]!);
      expect(crn.RIS.values[i]!).toBeLessThan(10 * clean.RIS.values[i]!);
    }
    for (const v of crn.diagnostics.explainerNoise!.values) expect(v).toBeGreaterThan(0.01);
    for (const v of clean.diagnostics.explainerNoise!.values) expect(v).toBe(0);
    expect(own.diagnostics.explainerNoise).toBeNull();
  });

  it('same seed -> same values; permuting the instances permutes every output', () => {
    const noisy = noisyGradientExplainer(0.05);
    const a = relativeStability({ x, model: lr, explainer: noisy }, { ...small, seed: 3 });
    const again = relativeStability({ x, model: lr, explainer: noisy }, { ...small, seed: 3 });
    expect(Array.from(again.RIS.values)).toEqual(Array.from(a.RIS.values));
    const perm = [4, 2, 0, 3, 1];
    const px = matrix(5, 4);
    perm.forEach((src, i) => px.data.set(row(x, src), i * 4));
    const b = relativeStability({ x: px, model: lr, explainer: noisy }, { ...small, seed: 3, blockSize: 2 });
    perm.forEach((src, i) => {
      expect(b.RIS.values[i]).toBe(a.RIS.values[src]);
      expect(b.ROS.values[i]).toBe(a.ROS.values[src]);
      expect(b.diagnostics.neighbourCounts[i]).toBe(a.diagnostics.neighbourCounts[src]);
      expect(b.diagnostics.explainerNoise!.values[i]).toBe(a.diagnostics.explainerNoise!.values[src]);
    });
    const other = relativeStability({ x, model: lr, explainer: noisy }, { ...small, seed: 4 });
    expect(Array.from(other.RIS.values)).not.toEqual(Array.from(a.RIS.values));
  });
});

/**
 * Ignores x and the model: N(0, 1) attributions from a sub-stream of the row's key (the
 * Random control's shape). `honourKeys: false` keys by the row's content instead, as an
 * explainer that ignores ExplainOptions.keys would.
 */
function randomExplainer(d: number, honourKeys = true): Explainer {
  return {
    id: 'random',
    explain(_m: Model, x: Matrix, options: ExplainOptions = {}): Matrix {
      const out = matrix(x.rows, d);
      for (let i = 0; i < x.rows; i++) {
        const key = honourKeys && options.keys !== undefined ? options.keys[i]! : hashFloat64(row(x, i));
        substream(9, key, 'random').fillNormal(row(out, i));
      }
      return out;
    },
  };
}

describe('an explainer that ignores x under common random numbers', () => {
  const lr = tinyLr([1.5, -2, 0.5, 1], 0.3);
  const x = uniformMatrix(5, 4, 2);

  it("default and paper: e' = e, so every score is exactly 0, allZero is set and the logs are null (not -Infinity); the seed-to-seed variation is reported", () => {
    for (const preset of ['default', 'paper'] as const) {
      const r = relativeStability({ x, model: lr, explainer: randomExplainer(4) }, { ...small, preset });
      for (const res of [r.RIS, r.ROS]) {
        expect(Array.from(res.values)).toEqual([0, 0, 0, 0, 0]);
        expect(res.allZero).toBe(true);
        expect(res.logStatus).toBe('all-zero');
        expect(res.logMean).toBeNull();
        expect(res.logSe).toBeNull();
        expect(res.logSeDdof0).toBeNull();
        // Round-trips through JSON with the nulls and the reason explicit.
        const json = JSON.parse(JSON.stringify({ logMean: res.logMean, allZero: res.allZero, logStatus: res.logStatus }));
        expect(json).toEqual({ logMean: null, allZero: true, logStatus: 'all-zero' });
      }
      // ||e - e_alt|| / ||e|| for two independent N(0, I_4) draws: never 0, typically ~sqrt(2).
      const noise = r.diagnostics.explainerNoise!;
      expect(noise.undefinedIndices).toEqual([]);
      for (const v of noise.values) expect(v).toBeGreaterThan(0.05);
      expect(noise.mean).toBeGreaterThan(0.5);
    }
  });

  it('openxai (own keys): the scores are the noise ratio over a 1e-5 step, huge and finite', () => {
    const r = relativeStability({ x, model: lr, explainer: randomExplainer(4) }, { ...small, preset: 'openxai' });
    expect(r.RIS.allZero).toBe(false);
    expect(r.RIS.logStatus).toBe('ok');
    expect(r.RIS.logMean!).toBeGreaterThan(Math.log(1e3));
    expect(r.diagnostics.explainerNoise).toBeNull();
  });

  it("requestedKeys is what was asked for: an explainer that ignores keys keeps its noise in e - e'", () => {
    const r = relativeStability({ x, model: lr, explainer: randomExplainer(4, false) }, small);
    expect(r.diagnostics.requestedKeys).toBe('common');
    expect(r.RIS.allZero).toBe(false);
    expect(r.RIS.logMean!).toBeGreaterThan(Math.log(1e3));
    // Its alternative-key anchor is keyed by content too: identical, so the diagnostic is 0.
    expect(Array.from(r.diagnostics.explainerNoise!.values)).toEqual([0, 0, 0, 0, 0]);
  });

  it('explainerNoise: false turns the diagnostic off even under common random numbers', () => {
    expect(
      relativeStability({ x, model: lr, explainer: randomExplainer(4) }, { ...small, explainerNoise: false }).diagnostics.explainerNoise,
    ).toBeNull();
  });
});

describe('model output buffers reused across calls', () => {
  const mlp = tinyMlp(
    [
      [1, 0.5, -0.3],
      [-0.5, 1, 0.2],
      [0.3, 0.3, 0.3],
      [0.8, -0.6, 0.1],
    ],
    [0.2, 0.1, 0.4, -0.1],
    [
      [1, -1, 0.5, 0.3],
      [-1, 1, 0.2, -0.4],
    ],
    [0.05, -0.05],
  );
  const x = uniformMatrix(7, 3, 13);

  it('a model returning one shared buffer on every call gives the same RIS / RRS / ROS and noise as a copying model', () => {
    for (const explainer of [gradientExplainer(), noisyGradientExplainer(0.01)]) {
      for (const preset of ['default', 'openxai'] as const) {
        const opts = { ...small, preset, blockSize: 3 };
        const a = relativeStability({ x, model: mlp, explainer }, opts);
        const b = relativeStability({ x, model: reusingModel(mlp), explainer }, opts);
        expect(Array.from(b.RIS.values)).toEqual(Array.from(a.RIS.values));
        expect(Array.from(b.RRS!.values)).toEqual(Array.from(a.RRS!.values));
        expect(Array.from(b.ROS.values)).toEqual(Array.from(a.ROS.values));
        expect(Array.from(b.diagnostics.neighbourCounts)).toEqual(Array.from(a.diagnostics.neighbourCounts));
        if (preset === 'default')
          expect(Array.from(b.diagnostics.explainerNoise!.values)).toEqual(Array.from(a.diagnostics.explainerNoise!.values));
        expect(a.ROS.count).toBe(7);
      }
    }
  });
});

describe('summaries', () => {
  it('log status: no defined value, one value', () => {
    const lr = tinyLr([1, -1], 0.2);
    const none = ris({ x: uniformMatrix(3, 2, 1), model: lr, explainer: constantExplainer([0, 0]) }, small);
    expect([none.logMean, none.logSe, none.logSeDdof0, none.allZero, none.logStatus]).toEqual([null, null, null, false, 'no-values']);
    const one = ris({ x: uniformMatrix(1, 2, 1), model: lr, explainer: gradientExplainer() }, small);
    expect(one.count).toBe(1);
    expect(one.logMean).toBeCloseTo(Math.log(one.values[0]!), 12);
    expect([one.logSe, one.logSeDdof0, one.allZero, one.logStatus]).toEqual([null, null, false, 'one-value']);
  });

  it('logMean = ln(mean), logSe = ln(se), median and quantiles of the defined values', () => {
    const lr = tinyLr([1, -1, 2], 0.1);
    const r = ris({ x: uniformMatrix(9, 3, 6), model: lr, explainer: gradientExplainer() }, { ...small, quantiles: [0, 0.5, 1] });
    const v = Array.from(r.values).sort((a, b) => a - b);
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1));
    expect(r.logStatus).toBe('ok');
    expect(r.allZero).toBe(false);
    expect(r.logMean).toBeCloseTo(Math.log(mean), 12);
    expect(r.logSe).toBeCloseTo(Math.log(sd / 3), 10);
    expect(r.median).toBe(v[4]);
    expect(r.quantiles.map((q) => q.value)).toEqual([v[0], v[4], v[8]]);
  });
});

describe('errors', () => {
  const lr = tinyLr([1, -1], 0);
  const x = fromRows([[0.2, 0.3]]);
  const grad = gradientExplainer();
  it('missing explainer or model -> BAD_INPUT', () => {
    expectCode(() => relativeStability({ x, model: lr }), 'BAD_INPUT');
    expectCode(() => relativeStability({ x, explainer: grad }), 'BAD_INPUT');
  });
  it('an explainer returning the wrong shape -> SHAPE_MISMATCH', () => {
    const bad: Explainer = { id: 'bad', explain: (_m, xx) => matrix(xx.rows, 3) };
    expectCode(() => ris({ x, model: lr, explainer: bad }, small), 'SHAPE_MISMATCH');
  });
  it('ROS on logits for a model without logits -> NOT_SUPPORTED', () => {
    const noLogits: Model = { inputDim: 2, classes: 2, predictProba: lr.predictProba, inputGradient: lr.inputGradient! };
    expectCode(() => ros({ x, model: noLogits, explainer: grad }, { ...small, rosOutput: 'logit' }), 'NOT_SUPPORTED');
    // openxai falls back to probabilities and says so.
    expect(relativeStability({ x, model: noLogits, explainer: grad }, { ...small, preset: 'openxai' }).diagnostics.rosOutput).toBe(
      'probability',
    );
  });
  it('RRS through the uniform registry on a model without hidden -> NOT_SUPPORTED; the wrapper returns null', () => {
    expectCode(() => metrics.RRS.evaluate({ x, attributions: x, model: lr, explainer: grad }, small), 'NOT_SUPPORTED');
    expect(rrs({ x, model: lr, explainer: grad }, small)).toBeNull();
  });
  it('bad options -> BAD_OPTION', () => {
    expectCode(() => ris({ x, model: lr, explainer: grad }, { p: 0 }), 'BAD_OPTION');
    expectCode(() => ris({ x, model: lr, explainer: grad }, { quantiles: [2] }), 'BAD_OPTION');
    expectCode(() => ris({ x, model: lr, explainer: grad }, { candidates: 0 }), 'BAD_OPTION');
    expectCode(() => ris({ x, model: lr, explainer: grad }, { rosOutput: 'softmax' as never }), 'BAD_OPTION');
    expectCode(() => ris({ x, model: lr, explainer: grad }, { blockSize: 1.5 }), 'BAD_OPTION');
  });
  it('useGivenAttributions without attributions -> BAD_INPUT; of the wrong shape -> SHAPE_MISMATCH', () => {
    expectCode(() => ris({ x, model: lr, explainer: grad }, { useGivenAttributions: true }), 'BAD_INPUT');
    expectCode(() => ris({ x, model: lr, explainer: grad, attributions: matrix(2, 2) }, { useGivenAttributions: true }), 'SHAPE_MISMATCH');
  });
});
