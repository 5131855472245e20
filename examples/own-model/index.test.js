import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('example: swap in your own model', () => {
  it('LIME and IG on a plain function find the features the function uses, and PGI > PGU', () => {
    const out = execFileSync(process.execPath, ['index.js'], { cwd: new URL('.', import.meta.url) })
      .toString()
      .trim()
      .split('\n');
    const results = JSON.parse(out.at(-1));
    for (const id of ['lime', 'ig']) {
      const r = results[id];
      // features 0 and 2 carry the signal; 1 and 3 are ignored by the function
      expect(Math.min(r.meanAbs[0], r.meanAbs[2])).toBeGreaterThan(5 * Math.max(r.meanAbs[1], r.meanAbs[3]));
      expect(r.PGI).toBeGreaterThan(r.PGU);
      expect(Number.isFinite(r.RIS)).toBe(true);
    }
  });
});

const run = (file) =>
  JSON.parse(
    execFileSync(process.execPath, [file], { cwd: new URL('.', import.meta.url) })
      .toString()
      .trim()
      .split('\n')
      .at(-1),
  );

describe('example: a model that answers in float32 (ONNX Runtime / tfjs style)', () => {
  it('is explained and scored with no adapter; LIME recovers the logistic weights up to the common p(1-p) scale', () => {
    const r = run('float32-model.js');
    const [a0, a1, a2, a3] = r.lime;
    // w = [2, -1, 0, 0.5]: ratios of a local linear fit of a logistic are the weight ratios.
    expect(a0 / a1).toBeCloseTo(-2, 0);
    expect(Math.abs(a3 / a0 - 0.25)).toBeLessThan(0.05);
    expect(Math.abs(a2)).toBeLessThan(0.05 * Math.abs(a0));
    expect(r.count).toBe(25);
    expect(r.pgi).toBeGreaterThan(0);
  });
});

describe('example: a regression model (output: value)', () => {
  it('matches the closed forms of a linear model f(x) = w·x + 1', () => {
    const r = run('regression.js');
    const w = [3, -2, 0.5, 0];
    // Gradient = w (batched central finite differences).
    r.grad.row0.forEach((g, j) => expect(g).toBeCloseTo(w[j], 6));
    // IG (default: times x − baseline, baseline = training mean) = w ⊙ (x − mean).
    r.ig.row0.forEach((v, j) => expect(v).toBeCloseTo(w[j] * (r.x0[j] - r.trainMean[j]), 6));
    // KernelSHAP on a linear model: φ_j = w_j (x_j − b̄_j) for its background mean b̄; the ignored feature gets 0,
    // and the implied background mean is near the training mean (a k-means summary of train).
    expect(Math.abs(r.shap.row0[3])).toBeLessThan(1e-9);
    for (const j of [0, 1, 2]) expect(Math.abs(r.x0[j] - r.shap.row0[j] / w[j] - r.trainMean[j])).toBeLessThan(0.1);
    // LIME's ridge fit on the value: the weights, slightly shrunk, in the same order.
    r.lime.row0.forEach((v, j) => expect(Math.abs(v - w[j])).toBeLessThan(0.15 * 3));
    expect(Math.abs(r.lime.row0[0])).toBeGreaterThan(Math.abs(r.lime.row0[1]));
    // Perturbing the top features moves a regression output more than perturbing the rest.
    for (const id of ['grad', 'ig', 'lime', 'shap']) expect(r[id].PGI).toBeGreaterThan(r[id].PGU);
  });
});

describe('example: async models (onnxruntime-web, TensorFlow.js)', () => {
  it('onnxruntime-web: KernelSHAP and PGI through explainAsync/evaluateAsync match the same network in float64', () => {
    const r = run('async-onnxruntime-web.js');
    // The session computes in float32: the attributions agree with the float64 network to float32 rounding.
    r.shap.forEach((v, i) => expect(Math.abs(v - r.reference[i])).toBeLessThan(1e-5));
    expect(Math.abs(r.pgi - r.referencePgi)).toBeLessThan(1e-5);
    // KernelSHAP asks for its rows once, then computes on the answers; no row was sent twice.
    expect(r.passes.map((p) => p.pass)).toEqual([1, 2]);
    expect(r.passes.at(-1).unusedRows).toBe(0);
  });

  it('TensorFlow.js: exact Shapley values as the float64 twin gives them, 0 for the ignored feature, LIME recovering the weight ratios', () => {
    const r = run('async-tfjs.js');
    r.shapley.forEach((v, i) => expect(Math.abs(v - r.twinShapley[i])).toBeLessThan(1e-5));
    // A feature the model ignores (w = 0) gets no attribution.
    for (let i = 0; i < 5; i++) expect(Math.abs(r.shapley[4 * i + 2])).toBeLessThan(1e-6);
    const [a0, a1, , a3] = r.lime;
    expect(a0 / a1).toBeCloseTo(-2, 0);
    expect(Math.abs(a3 / a0 - 0.25)).toBeLessThan(0.05);
    expect(r.count).toBe(5);
    expect(r.pgi).toBeGreaterThan(0);
  });
});
