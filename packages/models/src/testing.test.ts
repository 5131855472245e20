import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { row } from '@xai/core';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { createMlp } from './createMlp.js';
import { functionModel } from './functionModel.js';
import { withPrecision } from './withPrecision.js';
import { assertModelConformance, checkModelConformance } from './testing.js';
import { errorOf, randomMatrix } from './__fixtures__/reference.js';

const x = randomMatrix(4, 10, 3, 0.5);
const failed = (m: Model) =>
  checkModelConformance(m, x)
    .findings.filter((f) => f.status === 'fail')
    .map((f) => f.check);
const finding = (m: Model, xs: Matrix, check: string) => checkModelConformance(m, xs).findings.find((f) => f.check === check)!;

/** p1 = 0.9 when x0 > 0.3, else 0.1: a step, whose true gradient is 0 almost everywhere. */
const step = (m: Matrix): Matrix => {
  const out = new Float64Array(m.rows * 2);
  for (let i = 0; i < m.rows; i++) {
    const p = m.data[i * 3]! > 0.3 ? 0.9 : 0.1;
    out[2 * i] = 1 - p;
    out[2 * i + 1] = p;
  }
  return { rows: m.rows, cols: 2, data: out };
};
// rows straddling the step within the adapter's finite-difference step (≈ 6e-6)
const atStep: Matrix = { rows: 2, cols: 3, data: Float64Array.of(0.3, 0, 0, 0.3000000001, 0, 0) };

describe('checkModelConformance', () => {
  it('passes our LR and ANN and a finite-difference adapter, running every applicable check', () => {
    const ann = createAnn(3, { hidden: [5, 4], seed: 1 });
    const r = checkModelConformance(ann, x);
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => f.check)).toEqual(
      expect.arrayContaining([
        'probabilities',
        'determinism',
        'batch-vs-row',
        'row-order',
        'out-buffer',
        'logits-softmax',
        'gradient-probability',
        'gradient-logit',
        'hidden-pre',
        'hidden-post',
        'checked-model',
      ]),
    );
    expect(checkModelConformance(createLogisticRegression(3), x).ok).toBe(true);
    expect(
      assertModelConformance(
        functionModel((m) => ann.predictProba(m), { inputDim: 3, classes: 2 }),
        x,
      ).ok,
    ).toBe(true);
  });

  it('checks value (regression) models: built-in tanh/float32 MLPs pass, a wrong gradient for output 1 fails', () => {
    const reg = createMlp(3, { hidden: [5], classes: 2, output: 'value', activation: 'tanh', seed: 2 });
    const r = checkModelConformance(reg, x);
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => f.check)).toEqual(
      expect.arrayContaining(['values', 'logits-values', 'gradient-probability', 'gradient-logit']),
    );
    expect(r.findings.some((f) => f.check === 'probabilities')).toBe(false);
    // outputs far outside [0, 1] are fine for a value model
    const big = functionModel((m) => Array.from({ length: m.rows }, (_, i) => [100 * m.data[3 * i]!, -50]), {
      inputDim: 3,
      classes: 2,
      output: 'value',
      gradient: (m, t) => Array.from({ length: m.rows }, (_, i) => (t[i] === 0 ? [100, 0, 0] : [1, 0, 0])),
    });
    expect(failed(big)).toEqual(['gradient-probability']); // output 1's true gradient is 0, the given one says 1
    // a float32-emulating model is still checked against its own outputs
    const ann32 = withPrecision(createAnn(3, { hidden: [4], seed: 1 }), 'float32');
    expect(checkModelConformance(ann32, x).ok).toBe(true);
    // with the float64 step the float32 rounding noise swamps the difference quotient
    expect(
      checkModelConformance(ann32, x, { fdStep: 1e-4, gradientTolerance: 1e-4 }).findings.find((f) => f.check === 'gradient-probability')!
        .status,
    ).toBe('fail');
  });

  it('catches a model that is not deterministic', () => {
    let k = 0;
    const noisy = functionModel(
      (m) =>
        Array.from({ length: m.rows }, () => {
          k++;
          const p = 0.5 + 0.01 * Math.sin(k);
          return [p, 1 - p];
        }),
      { inputDim: 3, classes: 2 },
    );
    expect(failed(noisy)).toContain('determinism');
  });

  it('catches a model whose answer depends on the rest of the batch', () => {
    // normalises by the batch mean (a classic batch-norm-in-eval bug)
    const batchy = functionModel(
      (m: Matrix) => {
        let mean = 0;
        for (let i = 0; i < m.rows; i++) mean += m.data[i * 3]! / m.rows;
        return Array.from({ length: m.rows }, (_, i) => {
          const p = 1 / (1 + Math.exp(-(m.data[i * 3]! - mean)));
          return [1 - p, p];
        });
      },
      { inputDim: 3, classes: 2 },
    );
    expect(failed(batchy)).toEqual(expect.arrayContaining(['batch-vs-row']));
  });

  it('catches a wrong gradient and outputs that are not probabilities', () => {
    const ann = createAnn(3, { hidden: [5, 4], seed: 1 });
    const wrong = functionModel((m) => ann.predictProba(m), {
      inputDim: 3,
      classes: 2,
      gradient: (m, t) => {
        const g = ann.inputGradient(m, t);
        for (let i = 0; i < g.data.length; i++) g.data[i] = -g.data[i]!;
        return g;
      },
    });
    expect(failed(wrong)).toEqual(['gradient-probability']);
    const notProb: Model = {
      inputDim: 3,
      classes: 2,
      predictProba: (m) => ({ rows: m.rows, cols: 2, data: new Float64Array(m.rows * 2).fill(0.7) }),
    };
    expect(failed(notProb)).toEqual(['probabilities']);
    expect(errorOf(() => assertModelConformance(notProb, x)).message).toMatch(/probabilities/);
    expect(failed({} as Model)).toEqual(['interface']);
  });

  it('does not report a finite-difference gradient as a pass: skipped, not ok, report still ok', () => {
    for (const f of [step, (m: Matrix) => createLogisticRegression(3, { seed: 2 }).predictProba(m)]) {
      const model = functionModel(f, { inputDim: 3, classes: 2 });
      expect(model.gradientSource).toBe('finite-differences');
      const r = checkModelConformance(model, f === step ? atStep : x);
      const g = r.findings.find((h) => h.check === 'gradient-probability')!;
      expect(g.status).toBe('skipped');
      expect(g.ok).toBe(false);
      expect(g.message).toMatch(/^skipped \(gradient is finite differences/);
      expect(r.skipped).toContain('gradient-probability');
      expect(r.ok).toBe(true);
    }
  });

  it('compares against an estimate with a different step: a hand-made FD gradient of a step function fails', () => {
    // The same central difference the adapter uses (h = cbrt(ε)·max(1, |x|)), but not
    // declared as such: compared with itself it would always pass; it must not.
    const h0 = Math.cbrt(Number.EPSILON);
    const ownFd: Model = {
      inputDim: 3,
      classes: 2,
      predictProba: (m, out) => {
        const p = step(m);
        if (out) {
          out.data.set(p.data);
          return out;
        }
        return p;
      },
      inputGradient: (m, t) => {
        const g = new Float64Array(m.rows * 3);
        for (let i = 0; i < m.rows; i++) {
          for (let j = 0; j < 3; j++) {
            const v = m.data[i * 3 + j]!;
            const h = h0 * Math.max(1, Math.abs(v));
            const up = Float64Array.from(m.data.subarray(i * 3, i * 3 + 3));
            const down = Float64Array.from(up);
            up[j] = v + h;
            down[j] = v - h;
            const both = step({ rows: 2, cols: 3, data: Float64Array.of(...up, ...down) });
            g[i * 3 + j] = (both.data[t[i]!]! - both.data[2 + t[i]!]!) / (up[j]! - down[j]!);
          }
        }
        return { rows: m.rows, cols: 3, data: g };
      },
    };
    const f = finding(ownFd, atStep, 'gradient-probability');
    expect(f.status).toBe('fail');
    expect(f.value!).toBeGreaterThan(0.5);
  });

  it('catches a gradient that is off by 10% in one coordinate', () => {
    // p1 = sigmoid(2·x0 − x1): dp_t/dx = ±p(1−p)·(2, −1, 0); the wrapper scales d/dx0 by 1.1
    const sig = (z: number) => 1 / (1 + Math.exp(-z));
    const f = (m: Matrix) =>
      Array.from({ length: m.rows }, (_, i) => {
        const p = sig(2 * m.data[i * 3]! - m.data[i * 3 + 1]!);
        return [1 - p, p];
      });
    const grad = (scale: number) => (m: Matrix, t: Int32Array) =>
      Array.from({ length: m.rows }, (_, i) => {
        const p = sig(2 * m.data[i * 3]! - m.data[i * 3 + 1]!);
        const s = (t[i] === 1 ? 1 : -1) * p * (1 - p);
        return [2 * s * scale, -s, 0];
      });
    const right = functionModel(f, { inputDim: 3, classes: 2, gradient: grad(1) });
    expect(right.gradientSource).toBe('function');
    expect(finding(right, x, 'gradient-probability').status).toBe('pass');
    const wrong = functionModel(f, { inputDim: 3, classes: 2, gradient: grad(1.1) });
    const g = finding(wrong, x, 'gradient-probability');
    expect(g.status).toBe('fail');
    expect(g.value!).toBeGreaterThan(0.04); // 10% of the largest entry of each row
    expect(errorOf(() => assertModelConformance(wrong, x)).message).toMatch(/gradient-probability/);
  });

  it("runs the model through core's checkedModel: a class with #private state passes, what the boundary refuses fails", () => {
    // a class-based model (methods on the prototype, #private weights, a getter): the shape
    // explainers see through the boundary
    class Linear implements Model {
      readonly #w = Float64Array.of(2, -1, 0.5);
      readonly classes = 2;
      get inputDim(): number {
        return this.#w.length;
      }
      #z(x: Matrix, i: number): number {
        const r = row(x, i);
        let z = 0;
        for (let k = 0; k < 3; k++) z += this.#w[k]! * r[k]!;
        return z;
      }
      predictProba(m: Matrix, out?: Matrix): Matrix {
        const o = out ?? { rows: m.rows, cols: 2, data: new Float64Array(m.rows * 2) };
        for (let i = 0; i < m.rows; i++) {
          const p = 1 / (1 + Math.exp(-this.#z(m, i)));
          const r = row(o, i);
          r[0] = 1 - p;
          r[1] = p;
        }
        return o;
      }
      inputGradient(m: Matrix, t: Int32Array): Matrix {
        // d p_t / dx = ± p(1 − p) w
        const g = new Float64Array(m.rows * 3);
        for (let i = 0; i < m.rows; i++) {
          const p = 1 / (1 + Math.exp(-this.#z(m, i)));
          const s = (t[i] === 1 ? 1 : -1) * p * (1 - p);
          for (let k = 0; k < 3; k++) g[i * 3 + k] = s * this.#w[k]!;
        }
        return { rows: m.rows, cols: 3, data: g };
      }
    }
    const good = checkModelConformance(new Linear(), x);
    expect(good.findings.filter((f) => f.status === 'fail')).toEqual([]);
    expect(good.ok).toBe(true);
    expect(good.findings.find((f) => f.check === 'checked-model')?.status).toBe('pass');
    // one "class" whose probability is always 1: every other check passes, but the boundary
    // (a classifier needs two classes) refuses it, so an explainer would crash
    const one: Model = {
      inputDim: 3,
      classes: 1,
      predictProba: (m, out) => {
        const o = out ?? { rows: m.rows, cols: 1, data: new Float64Array(m.rows) };
        for (let i = 0; i < m.rows; i++) row(o, i)[0] = 1;
        return o;
      },
    };
    expect(failed(one)).toEqual(['checked-model']);
    expect(finding(one, x, 'checked-model').message).toMatch(/at least 2 classes/);
    // a misspelt output kind: a probability model here, refused by the boundary
    const lr = createLogisticRegression(3);
    const typo = { inputDim: 3, classes: 2, output: 'values', predictProba: (m: Matrix, out?: Matrix) => lr.predictProba(m, out) };
    expect(failed(typo as unknown as Model)).toEqual(['checked-model']);
    expect(finding(typo as unknown as Model, x, 'checked-model').message).toMatch(/model\.output must be/);
  });

  it('rejects an unusable x', () => {
    const lr = createLogisticRegression(3);
    expect(errorOf(() => checkModelConformance(lr, randomMatrix(1, 2, 4))).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => checkModelConformance(lr, { rows: 0, cols: 3, data: new Float64Array(0) })).code).toBe('EMPTY');
  });
});
