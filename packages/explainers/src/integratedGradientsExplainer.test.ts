import { describe, expect, it } from 'vitest';
import { integratedGradientsExplainer } from './integratedGradientsExplainer.js';
import { quadratureRule } from './quadratureRule.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { logisticRegression, randomMlp, uniformMatrix } from './__fixtures__/models.js';

const w0 = [0.8, -1.2, 0.3];
const w1 = [-0.5, 1.1, 1.4];
const sigmoid = (u: number): number => 1 / (1 + Math.exp(-u));

describe('integratedGradientsExplainer', () => {
  it('openxai: the quadrature-weighted mean gradient along the path from the training mean (LR)', () => {
    const model = logisticRegression(w0, w1, 0.2, -0.1);
    const train = uniformMatrix(50, 3, 1, -1, 1);
    const mean = [0, 1, 2].map((j) => {
      let s = 0;
      for (let i = 0; i < 50; i++) s += train.data[i * 3 + j]!;
      return s / 50;
    });
    const x = uniformMatrix(10, 3, 2, -2, 2);
    const ig = integratedGradientsExplainer({ preset: 'openxai', train });
    expect(ig.config).toMatchObject({ method: 'gausslegendre', steps: 50, multiplyByInputs: false, baseline: 'mean' });
    const attr = ig.explain(model, x);
    const { alphas, weights } = quadratureRule('gausslegendre', 50);
    const dw = w1.map((v, j) => v - w0[j]!);
    const p = model.predictProba(x).data;
    for (let i = 0; i < 10; i++) {
      const t = p[i * 2 + 1]! > p[i * 2]! ? 1 : 0;
      const sign = t === 1 ? 1 : -1;
      let avg = 0;
      for (let k = 0; k < 50; k++) {
        let u = -0.1 - 0.2;
        for (let j = 0; j < 3; j++) u += dw[j]! * (mean[j]! + alphas[k]! * (x.data[i * 3 + j]! - mean[j]!));
        const p1 = sigmoid(u);
        avg += weights[k]! * p1 * (1 - p1);
      }
      for (let j = 0; j < 3; j++) expect(attr.data[i * 3 + j]!).toBeCloseTo(avg * sign * dw[j]!, 13);
    }
  });

  it('TV7 (OPENXAI_NOTES §9): LR with w1 − w0 = [2, −1], train mean 0, x = [1, 1] gives (σ(1) − σ(0))·[2, −1]', () => {
    // Σ_k s_k σ'(α_k) over Gauss–Legendre(50) = ∫₀¹ σ'(α) dα = σ(1) − σ(0) = 0.2310586 (exact to 1e-12).
    const model = logisticRegression([0, 0], [2, -1]);
    const train = { rows: 2, cols: 2, data: Float64Array.of(1, 1, -1, -1) }; // mean [0, 0]
    const x = { rows: 1, cols: 2, data: Float64Array.of(1, 1) };
    const attr = integratedGradientsExplainer({ preset: 'openxai', train }).explain(model, x);
    expect(attr.data[0]!).toBeCloseTo(0.4621172, 7);
    expect(attr.data[1]!).toBeCloseTo(-0.2310586, 7);
    const exact = 1 / (1 + Math.exp(-1)) - 0.5;
    expect(Math.abs(attr.data[0]! - 2 * exact)).toBeLessThan(1e-12);
    // not the gradient at x (σ'(1)·[2, −1] = [0.3932239, −0.1966119]) and not times (x − b)
    const standard = integratedGradientsExplainer({ preset: 'paper', train }).explain(model, x);
    expect(standard.data[0]!).toBeCloseTo(0.4621172, 7); // x − b = 1 here: the same number
    const x2 = { rows: 1, cols: 2, data: Float64Array.of(2, 3) };
    const mean = integratedGradientsExplainer({ preset: 'openxai', train }).explain(model, x2).data;
    const times = integratedGradientsExplainer({ preset: 'paper', train }).explain(model, x2).data;
    expect(times[0]!).toBeCloseTo(mean[0]! * 2, 14);
    expect(times[1]!).toBeCloseTo(mean[1]! * 3, 14);
  });

  it('riemann_middle with zero baseline equals the hand-written midpoint sum', () => {
    const model = logisticRegression(w0, w1);
    const x = uniformMatrix(4, 3, 3, -1, 1);
    const targets = Int32Array.of(1, 1, 0, 0);
    const n = 7;
    const attr = integratedGradientsExplainer({ method: 'riemann_middle', steps: n, baseline: 'zeros', multiplyByInputs: false }).explain(
      model,
      x,
      { targets },
    );
    const dw = w1.map((v, j) => v - w0[j]!);
    for (let i = 0; i < 4; i++) {
      let avg = 0;
      for (let k = 0; k < n; k++) {
        const a = (k + 0.5) / n;
        let u = 0;
        for (let j = 0; j < 3; j++) u += dw[j]! * a * x.data[i * 3 + j]!;
        avg += (sigmoid(u) * (1 - sigmoid(u))) / n;
      }
      const sign = targets[i] === 1 ? 1 : -1;
      for (let j = 0; j < 3; j++) expect(attr.data[i * 3 + j]!).toBeCloseTo(avg * sign * dw[j]!, 14);
    }
  });

  it('standard IG is complete on a smooth MLP: Σφ = f(x) − f(baseline) within 1e-6', () => {
    const model = randomMlp([6, 10, 8, 3], 'tanh', 11, 2.5);
    const train = uniformMatrix(40, 6, 4);
    const x = uniformMatrix(12, 6, 5, -1, 2);
    const ig = integratedGradientsExplainer({ train });
    expect(ig.config.multiplyByInputs).toBe(true);
    const attr = ig.explain(model, x);
    const base = Float64Array.from(ig.config.baselineVector!);
    const p = model.predictProba(x).data;
    const pb = model.predictProba({ rows: 1, cols: 6, data: base }).data;
    let worst = 0;
    for (let i = 0; i < 12; i++) {
      let t = 0;
      for (let c = 1; c < 3; c++) if (p[i * 3 + c]! > p[i * 3 + t]!) t = c;
      let s = 0;
      for (let j = 0; j < 6; j++) s += attr.data[i * 6 + j]!;
      worst = Math.max(worst, Math.abs(s - (p[i * 3 + t]! - pb[t]!)));
    }
    expect(worst).toBeLessThan(1e-6);
    const diag = ig.explainWithCompleteness(model, x);
    expect(diag.gap.every((g) => Math.abs(g) < 1e-6)).toBe(true);
  });

  it('is nearly complete on a ReLU MLP with a fine trapezoid rule, and zero at the baseline', () => {
    const model = randomMlp([4, 12, 2], 'relu', 12, 2);
    const x = uniformMatrix(5, 4, 6, -1, 1);
    const ig = integratedGradientsExplainer({ baseline: [0.1, 0.2, 0.3, 0.4], method: 'riemann_trapezoid', steps: 2000 });
    const attr = ig.explain(model, x, { targets: new Int32Array(5) });
    const p = model.predictProba(x).data;
    const pb = model.predictProba({ rows: 1, cols: 4, data: Float64Array.of(0.1, 0.2, 0.3, 0.4) }).data;
    for (let i = 0; i < 5; i++) {
      let s = 0;
      for (let j = 0; j < 4; j++) s += attr.data[i * 4 + j]!;
      expect(Math.abs(s - (p[i * 2]! - pb[0]!))).toBeLessThan(1e-3); // kinks: O(h) error near each ReLU switch
    }
    const at = ig.explain(model, { rows: 1, cols: 4, data: Float64Array.of(0.1, 0.2, 0.3, 0.4) });
    expect(Array.from(at.data).every((v) => v === 0)).toBe(true);
  });

  it('explainWithCompleteness: the gap equals Σφ − (f(x) − f(b)) computed from the model, and explain is unchanged', () => {
    const model = randomMlp([5, 9, 3], 'tanh', 21, 2);
    const train = uniformMatrix(30, 5, 22);
    const x = uniformMatrix(7, 5, 23, -1, 2);
    const ig = integratedGradientsExplainer({ train, steps: 20 });
    const r = ig.explainWithCompleteness(model, x);
    expect(Array.from(r.attributions.data)).toEqual(Array.from(ig.explain(model, x).data));
    const base = Float64Array.from(ig.config.baselineVector!);
    const p = model.predictProba(x).data;
    const pb = model.predictProba({ rows: 1, cols: 5, data: base }).data;
    for (let i = 0; i < 7; i++) {
      let t = 0;
      for (let c = 1; c < 3; c++) if (p[i * 3 + c]! > p[i * 3 + t]!) t = c;
      let s = 0;
      for (let j = 0; j < 5; j++) s += r.attributions.data[i * 5 + j]!;
      expect(r.outputDelta[i]!).toBeCloseTo(p[i * 3 + t]! - pb[t]!, 14);
      expect(r.gap[i]!).toBeCloseTo(s - (p[i * 3 + t]! - pb[t]!), 14);
    }
    // OpenXAI's path-averaged gradients give the same integral once weighted by (x − b).
    const avg = integratedGradientsExplainer({ preset: 'openxai', train, steps: 20 }).explainWithCompleteness(model, x);
    for (let i = 0; i < 7; i++) expect(avg.gap[i]!).toBeCloseTo(r.gap[i]!, 14);
  });

  it('explainWithCompleteness on a ReLU MLP: Gauss–Legendre 50 misses by far more than on a smooth model; 2000 trapezoid steps keep |gap| <= h = 1/1999', () => {
    // The integrand ∇p·(x − b) jumps wherever a ReLU switches along the path; a jump J inside
    // one cell costs the trapezoid rule at most |J|·h/2, so the error is O(h), not O(h²).
    const model = randomMlp([6, 16, 16, 2], 'relu', 13, 2);
    const train = uniformMatrix(40, 6, 3);
    const x = uniformMatrix(30, 6, 4, -1, 2);
    const worst = (g: Float64Array): number => g.reduce((acc, v) => Math.max(acc, Math.abs(v)), 0);
    const gl = integratedGradientsExplainer({ train }).explainWithCompleteness(model, x);
    expect(worst(gl.gap)).toBeGreaterThan(1e-4); // the smooth tanh model above stays under 1e-6
    const fine = integratedGradientsExplainer({ train, method: 'riemann_trapezoid', steps: 2000 }).explainWithCompleteness(model, x);
    expect(worst(fine.gap)).toBeLessThan(1 / 1999);
    expect(worst(fine.gap)).toBeLessThan(worst(gl.gap));
  });

  it('explainWithCompleteness in logit space uses model.logits, and needs it', () => {
    const model = randomMlp([4, 8, 2], 'tanh', 5, 2);
    const x = uniformMatrix(5, 4, 6);
    const ig = integratedGradientsExplainer({ baseline: 'zeros', output: 'logit', steps: 64 });
    const r = ig.explainWithCompleteness(model, x, { targets: Int32Array.of(0, 1, 0, 1, 1) });
    for (let i = 0; i < 5; i++) {
      const t = [0, 1, 0, 1, 1][i]!;
      const z = model.logitsOf(x.data.slice(i * 4, i * 4 + 4));
      const z0 = model.logitsOf(new Float64Array(4));
      expect(r.outputDelta[i]!).toBeCloseTo(z[t]! - z0[t]!, 12);
      expect(Math.abs(r.gap[i]!)).toBeLessThan(1e-8);
    }
    const { logits: _drop, ...noLogits } = model;
    expect(codeOf(() => ig.explainWithCompleteness(noLogits, x))).toBe('NOT_SUPPORTED');
    expect(() => ig.explain(noLogits, x)).not.toThrow();
  });

  it('sends every path point of the batch in one gradient call', () => {
    const model = randomMlp([3, 4, 2], 'tanh', 2);
    integratedGradientsExplainer({ baseline: 'zeros' }).explain(model, uniformMatrix(20, 3, 1));
    expect(model.calls.grad).toBe(1);
    expect(model.calls.rows).toBe(20 + 20 * 50);
  });

  it('rejects bad options with typed errors', () => {
    const model = logisticRegression(w0, w1);
    expect(codeOf(() => integratedGradientsExplainer())).toBe('BAD_OPTION'); // 'mean' without train
    expect(codeOf(() => integratedGradientsExplainer({ baseline: 'zeros', method: 'simpson' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ baseline: 'zeros', steps: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ baseline: 'zeros', method: 'riemann_trapezoid', steps: 1 }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ baseline: [1, Number.NaN, 0] }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ baseline: 'median' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ baseline: 'zeros', multiplyByInputs: 'yes' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ train: { rows: 2, cols: 3, data: new Float64Array(2) } }))).toBe('BAD_OPTION');
    expect(codeOf(() => integratedGradientsExplainer({ baseline: [1, 2] }).explain(model, uniformMatrix(1, 3, 1)))).toBe('SHAPE_MISMATCH');
  });
});
