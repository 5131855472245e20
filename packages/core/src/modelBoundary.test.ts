import { describe, expect, it } from 'vitest';
import { isXaiError } from './errors.js';
import type { Matrix } from './matrix.js';
import { fromRows, matrix } from './matrix.js';
import type { Model } from './model.js';
import { checkedModel, defaultTargets, toFloat64Matrix } from './modelBoundary.js';

const x = fromRows([[0.2, 0.4], [1, -1]]);

describe('toFloat64Matrix', () => {
  it('converts a Float32 matrix once, exactly (float32 values widen losslessly)', () => {
    const f32 = new Float32Array([0.1, 0.9, 0.3, 0.7]);
    const m = toFloat64Matrix({ rows: 2, cols: 2, data: f32 }, 2, 2, 'f', 'probabilities');
    expect(m.data).toBeInstanceOf(Float64Array);
    expect(Array.from(m.data)).toEqual(Array.from(f32));
  });

  it('accepts rows of numbers and flat typed arrays, and passes Float64 matrices through uncopied', () => {
    expect(Array.from(toFloat64Matrix([[1, 2], [3, 4]], 2, 2, 'f', 'a').data)).toEqual([1, 2, 3, 4]);
    expect(Array.from(toFloat64Matrix(new Int32Array([1, 2, 3, 4]), 2, 2, 'f', 'a').data)).toEqual([1, 2, 3, 4]);
    const m = matrix(2, 2);
    expect(toFloat64Matrix(m, 2, 2, 'f', 'a')).toBe(m);
  });

  it('reads strided typed views', () => {
    const m = toFloat64Matrix({ rows: 2, cols: 1, data: new Float32Array([1, 9, 2, 9]), stride: 2 }, 2, 1, 'f', 'a');
    expect(Array.from(m.data)).toEqual([1, 2]);
  });

  it('names the element type and both shapes on a mismatch', () => {
    expect(() => toFloat64Matrix({ rows: 2, cols: 3, data: new Float32Array(6) }, 2, 2, 'f', 'p')).toThrow(/returned Float32Array 2x3, expected 2x2/);
    expect(() => toFloat64Matrix(new Float32Array(5), 2, 2, 'f', 'p')).toThrow(/returned Float32Array of length 5, expected 2x2 \(4 values\)/);
    expect(() => toFloat64Matrix({ rows: 2, cols: 2, data: [1, 2, 3, 4] }, 2, 2, 'f', 'p')).toThrow(/expected numeric typed-array data/);
    expect(() => toFloat64Matrix(new BigInt64Array(4), 2, 2, 'f', 'p')).toThrow(/returned BigInt64Array/);
    expect(() => toFloat64Matrix(Promise.resolve(1), 2, 2, 'f', 'p')).toThrow(/NOT_SUPPORTED.*Promise/);
  });
});

describe('checkedModel', () => {
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
    const reg: Model = { inputDim: 2, classes: 1, output: 'value', predictProba: (m) => ({ rows: m.rows, cols: 1, data: new Float32Array([5, -7]) }) as never };
    const m = checkedModel(reg, 'test');
    expect(Array.from(m.predictProba(x).data)).toEqual([5, -7]);
    expect(Array.from(defaultTargets(m, x))).toEqual([0, 0]);
    expect(() => checkedModel({ ...reg, output: undefined }, 'test')).toThrow(/a classifier needs at least 2 classes, got 1 \(a single-output model is output: 'value'\)/);
  });

  it('rejects non-probabilities and bad shapes with the caller and the method named', () => {
    const bad = checkedModel({ ...f32Model, predictProba: (m) => ({ rows: m.rows, cols: 2, data: new Float32Array(m.rows * 2).fill(0.7) }) as never }, 'lime');
    let err: unknown;
    try {
      bad.predictProba(x);
    } catch (e) {
      err = e;
    }
    expect(isXaiError(err, 'NOT_PROBABILITIES')).toBe(true);
    expect(String(err)).toMatch(/lime → model\.predictProba/);
    const wide = checkedModel({ ...f32Model, predictProba: (m) => ({ rows: m.rows, cols: 3, data: new Float32Array(m.rows * 3) }) as never }, 'lime');
    expect(() => wide.predictProba(x)).toThrow(/returned Float32Array 2x3, expected 2x2/);
  });

  it('keeps the optional methods a model has, and only those', () => {
    const withGrad: Model = { ...f32Model, inputGradient: (xx: Matrix) => ({ rows: xx.rows, cols: 2, data: new Float32Array(xx.rows * 2).fill(0.5) }) as unknown as Matrix };
    const m = checkedModel(withGrad, 't');
    expect(typeof m.inputGradient).toBe('function');
    expect(m.logits).toBeUndefined();
    expect(Array.from(m.inputGradient!(x, new Int32Array(2)).data)).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});
