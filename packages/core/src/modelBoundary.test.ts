import { describe, expect, it } from 'vitest';
import { isXaiError } from './errors.js';
import type { Matrix } from './matrix.js';
import { fromRows, matrix } from './matrix.js';
import type { Model } from './model.js';
import { checkedModel, defaultTargets, toFloat64Matrix } from './modelBoundary.js';

const x = fromRows([
  [0.2, 0.4],
  [1, -1],
]);

const f32Model: Model = {
  inputDim: 2,
  classes: 2,
  predictProba: (m) => {
    const data = new Float32Array(m.rows * 2);
    for (let i = 0; i < m.rows; i++) {
      const p = 1 / (1 + Math.exp(-(m.data[i * 2]! + m.data[i * 2 + 1]!)));
      data[i * 2] = 1 - p;
      data[i * 2 + 1] = p;
    }
    return { rows: m.rows, cols: 2, data } as never;
  },
};

describe('toFloat64Matrix', () => {
  it('converts a Float32 matrix once, exactly (float32 values widen losslessly)', () => {
    const f32 = new Float32Array([0.1, 0.9, 0.3, 0.7]);
    const m = toFloat64Matrix({ rows: 2, cols: 2, data: f32 }, 2, 2, 'f', 'probabilities');
    expect(m.data).toBeInstanceOf(Float64Array);
    expect(Array.from(m.data)).toEqual(Array.from(f32));
  });

  it('accepts rows of numbers and flat typed arrays, and passes Float64 matrices through uncopied', () => {
    expect(
      Array.from(
        toFloat64Matrix(
          [
            [1, 2],
            [3, 4],
          ],
          2,
          2,
          'f',
          'a',
        ).data,
      ),
    ).toEqual([1, 2, 3, 4]);
    expect(Array.from(toFloat64Matrix(new Int32Array([1, 2, 3, 4]), 2, 2, 'f', 'a').data)).toEqual([1, 2, 3, 4]);
    const m = matrix(2, 2);
    expect(toFloat64Matrix(m, 2, 2, 'f', 'a')).toBe(m);
  });

  it('reads strided typed views', () => {
    const m = toFloat64Matrix({ rows: 2, cols: 1, data: new Float32Array([1, 9, 2, 9]), stride: 2 }, 2, 1, 'f', 'a');
    expect(Array.from(m.data)).toEqual([1, 2]);
  });

  it('names the element type and both shapes on a mismatch', () => {
    expect(() => toFloat64Matrix({ rows: 2, cols: 3, data: new Float32Array(6) }, 2, 2, 'f', 'p')).toThrow(
      /returned Float32Array 2x3, expected 2x2/,
    );
    expect(() => toFloat64Matrix(new Float32Array(5), 2, 2, 'f', 'p')).toThrow(
      /returned Float32Array of length 5, expected 2x2 \(4 values\)/,
    );
    expect(() => toFloat64Matrix({ rows: 2, cols: 2, data: [1, 2, 3, 4] }, 2, 2, 'f', 'p')).toThrow(/expected numeric typed-array data/);
    expect(() => toFloat64Matrix(new BigInt64Array(4), 2, 2, 'f', 'p')).toThrow(/returned BigInt64Array/);
    expect(() => toFloat64Matrix(Promise.resolve(1), 2, 2, 'f', 'p')).toThrow(/NOT_SUPPORTED.*Promise/);
  });
});

describe('checkedModel', () => {
  it('makes a Float32-returning classifier usable: Float64 probabilities, predicted classes', () => {
    const m = checkedModel(f32Model, 'test');
    const p = m.predictProba(x);
    expect(p.data).toBeInstanceOf(Float64Array);
    expect(p.data[1]).toBeCloseTo(1 / (1 + Math.exp(-0.6)), 6);
    expect(Array.from(defaultTargets(m, x))).toEqual([1, 0]);
    expect(checkedModel(m, 'again')).toBe(m);
  });

  it('writes into out when given', () => {
    const out = matrix(2, 2);
    const m = checkedModel(f32Model, 'test');
    expect(m.predictProba(x, out)).toBe(out);
    expect(out.data[1]).toBeCloseTo(1 / (1 + Math.exp(-0.6)), 6);
  });

  it('value models: one output, finite values only, target 0', () => {
    const reg: Model = {
      inputDim: 2,
      classes: 1,
      output: 'value',
      predictProba: (m) => ({ rows: m.rows, cols: 1, data: new Float32Array([5, -7]) }) as never,
    };
    const m = checkedModel(reg, 'test');
    expect(Array.from(m.predictProba(x).data)).toEqual([5, -7]);
    expect(Array.from(defaultTargets(m, x))).toEqual([0, 0]);
    expect(() => checkedModel({ inputDim: reg.inputDim, classes: reg.classes, predictProba: reg.predictProba }, 'test')).toThrow(
      /a classifier needs at least 2 classes, got 1 \(a single-output model is output: 'value'\)/,
    );
  });

  it('rejects non-probabilities and bad shapes with the caller and the method named', () => {
    const bad = checkedModel(
      { ...f32Model, predictProba: (m) => ({ rows: m.rows, cols: 2, data: new Float32Array(m.rows * 2).fill(0.7) }) as never },
      'lime',
    );
    let err: unknown;
    try {
      bad.predictProba(x);
    } catch (e) {
      err = e;
    }
    expect(isXaiError(err, 'NOT_PROBABILITIES')).toBe(true);
    expect(String(err)).toMatch(/lime → model\.predictProba/);
    const wide = checkedModel(
      { ...f32Model, predictProba: (m) => ({ rows: m.rows, cols: 3, data: new Float32Array(m.rows * 3) }) as never },
      'lime',
    );
    expect(() => wide.predictProba(x)).toThrow(/returned Float32Array 2x3, expected 2x2/);
  });

  it('keeps the optional methods a model has, and only those', () => {
    const withGrad: Model = {
      ...f32Model,
      inputGradient: (xx: Matrix) => ({ rows: xx.rows, cols: 2, data: new Float32Array(xx.rows * 2).fill(0.5) }) as unknown as Matrix,
    };
    const m = checkedModel(withGrad, 't');
    expect(typeof m.inputGradient).toBe('function');
    expect(m.logits).toBeUndefined();
    expect(Array.from(m.inputGradient!(x, new Int32Array(2)).data)).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});

describe('checkedModel with real-world model objects', () => {
  class LogisticModel {
    readonly #w: number;
    readonly classes = 2;
    calls = 0;
    constructor(w: number) {
      this.#w = w;
    }
    get inputDim(): number {
      return 2;
    }
    predictProba(x: Matrix): Matrix {
      this.calls++;
      const data = new Float64Array(x.rows * 2);
      for (let i = 0; i < x.rows; i++) {
        const p = 1 / (1 + Math.exp(-this.#w * x.data[i * 2]!));
        data[i * 2] = 1 - p;
        data[i * 2 + 1] = p;
      }
      return { rows: x.rows, cols: 2, data };
    }
  }

  it('forwards getters, #private fields and state writes to the model itself (class-based and frozen models)', () => {
    const raw = new LogisticModel(3);
    const m = checkedModel(raw as unknown as Model, 'test');
    expect(m.inputDim).toBe(2);
    expect(m.predictProba(x).data[1]).toBeCloseTo(1 / (1 + Math.exp(-0.6)), 12);
    expect(raw.calls).toBe(1);
    expect((m as unknown as LogisticModel).calls).toBe(1);
    const frozen = Object.freeze({ ...f32Model });
    expect(checkedModel(frozen, 'test').predictProba(x).rows).toBe(2);
  });

  it('copies outputs, so a model that reuses its output buffer cannot change an earlier result', () => {
    const buffer = new Float64Array(4);
    let k = 0;
    const reusing: Model = {
      inputDim: 2,
      classes: 2,
      predictProba: () => {
        const p = ++k === 1 ? 0.25 : 0.75;
        buffer.set([1 - p, p, 1 - p, p]);
        return { rows: 2, cols: 2, data: buffer };
      },
    };
    const m = checkedModel(reusing, 'test');
    const first = m.predictProba(x);
    m.predictProba(x);
    expect(first.data[1]).toBe(0.25);
  });

  it('checks x, out and targets at the boundary', () => {
    const withGrad: Model = { ...f32Model, inputGradient: (xx: Matrix) => matrix(xx.rows, 2) };
    const m = checkedModel(withGrad, 'lime');
    expect(() => m.predictProba(fromRows([[1, 2, 3]]))).toThrow(/lime → model\.predictProba: x: expected 2 columns, got 3/);
    expect(() => m.predictProba(x, matrix(1, 2))).toThrow(/out: expected 2 rows, got 1/);
    expect(() => m.inputGradient!(x, Int32Array.of(0, 2))).toThrow(/targets\[1\] = 2 is not an output index in \[0, 2\)/);
    expect(() => m.inputGradient!(x, Int32Array.of(0))).toThrow(/targets must hold one class per row \(2\)/);
  });

  it('logits, gradients and hidden layers must be finite', () => {
    const nan = (): Matrix =>
      fromRows([
        [NaN, 1],
        [0, 1],
      ]);
    const broken: Model = { ...f32Model, logits: nan, inputGradient: nan, hidden: nan };
    const m = checkedModel(broken, 'sg');
    expect(() => m.logits!(x)).toThrow(/NON_FINITE.*sg → model\.logits: logits: cell \(0, 0\) is NaN/);
    expect(() => m.inputGradient!(x, Int32Array.of(0, 0))).toThrow(/NON_FINITE/);
    expect(() => m.hidden!(x)).toThrow(/NON_FINITE/);
  });

  it("honours the model's own probability tolerance", () => {
    const loose: Model = {
      inputDim: 2,
      classes: 2,
      probabilityTolerance: 1e-3,
      predictProba: (xx) => ({ rows: xx.rows, cols: 2, data: new Float64Array(xx.rows * 2).fill(0.50025) }),
    };
    expect(checkedModel(loose, 't').predictProba(x).rows).toBe(2);
    expect(() => checkedModel({ inputDim: 2, classes: 2, predictProba: loose.predictProba }, 't').predictProba(x)).toThrow(
      /NOT_PROBABILITIES/,
    );
  });

  it('rejects an unknown output kind by name', () => {
    expect(() => checkedModel({ ...f32Model, output: 'regression' as never }, 't')).toThrow(
      /model\.output must be 'probabilities' or 'value', got "regression"/,
    );
  });
});

describe('checkedModel keeps instanceof', () => {
  it('reports the prototype of the model', () => {
    class Mine {
      readonly inputDim = 2;
      readonly classes = 2;
      predictProba(x: Matrix): Matrix {
        return { rows: x.rows, cols: 2, data: new Float64Array(x.rows * 2).fill(0.5) };
      }
    }
    expect(checkedModel(new Mine() as unknown as Model, 't') instanceof Mine).toBe(true);
  });
});
