import { describe, expect, it } from 'vitest';
import {
  assertFinite,
  assertFiniteVector,
  assertMatrix,
  contiguous,
  fromRows,
  get,
  isContiguous,
  matrix,
  row,
  rowBlock,
  selectRows,
  toRows,
} from './matrix.js';
import { XaiError, isXaiError } from './errors.js';
import type { XaiErrorCode } from './errors.js';
import { argmaxRows, assertProbabilities, predictLabels } from './model.js';
import type { Model } from './model.js';
import { summarizeValues } from './metric.js';

function codeOf(f: () => unknown): XaiErrorCode | undefined {
  try {
    f();
  } catch (e) {
    if (isXaiError(e)) return e.code;
    throw e;
  }
  return undefined;
}

describe('matrix views', () => {
  it('rows are zero-copy views; blocks share the buffer', () => {
    const m = fromRows([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    row(m, 1)[0] = 30;
    expect(get(m, 1, 0)).toBe(30);
    const b = rowBlock(m, 1, 3);
    expect(b.data).toBe(m.data);
    expect(toRows(b)).toEqual([
      [30, 4],
      [5, 6],
    ]);
    expect(isContiguous(b)).toBe(false);
    expect(isContiguous(contiguous(b))).toBe(true);
    expect(toRows(selectRows(m, [2, 0]))).toEqual([
      [5, 6],
      [1, 2],
    ]);
  });

  it('every error code the core raises is raised here with its name', () => {
    expect(codeOf(() => matrix(2, 2, new Float64Array(3)))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => matrix(-1, 2))).toBe('BAD_INPUT');
    expect(codeOf(() => fromRows([[1, 2], [3]]))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => assertMatrix({ rows: 2, cols: 2, data: new Float64Array(3) }, 'f', 'x'))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => assertMatrix(null, 'f', 'x'))).toBe('BAD_INPUT');
    expect(codeOf(() => assertFinite(fromRows([[1, Number.NaN]]), 'f', 'x'))).toBe('NON_FINITE');
    expect(codeOf(() => assertFiniteVector([1, Infinity], 'f', 'v'))).toBe('NON_FINITE');
    expect(codeOf(() => selectRows(fromRows([[1]]), [1]))).toBe('BAD_INPUT');
    expect(codeOf(() => assertProbabilities(fromRows([[0.5, 0.6]]), 1, 2, 'f'))).toBe('NOT_PROBABILITIES');
    expect(codeOf(() => assertProbabilities(fromRows([[1.5, -0.5]]), 1, 2, 'f'))).toBe('NOT_PROBABILITIES');
    expect(codeOf(() => assertProbabilities(fromRows([[0.5, 0.5]]), 1, 3, 'f'))).toBe('SHAPE_MISMATCH');
    // Codes raised by other packages are part of the same closed union; constructing each keeps the union honest.
    for (const code of ['BAD_OPTION', 'PARSE_ERROR', 'NOT_FOUND', 'CHECKSUM_MISMATCH', 'OFFLINE', 'NOT_SUPPORTED', 'EMPTY'] as const) {
      const e = new XaiError(code, 'x', { fn: 'f', arg: 'a' });
      expect(e.code).toBe(code);
      expect(e.message).toBe(`[${code}] f: a: x`);
    }
  });

  it('assertFinite names the first offending cell', () => {
    expect(() =>
      assertFinite(
        fromRows([
          [1, 2],
          [3, Infinity],
        ]),
        'fit',
        'x',
      ),
    ).toThrow('[NON_FINITE] fit: x: cell (1, 1) is Infinity');
  });
});

describe('model helpers', () => {
  it('argmax ties go to the lowest index', () => {
    expect(
      Array.from(
        argmaxRows(
          fromRows([
            [0.5, 0.5],
            [0.2, 0.8],
            [0.9, 0.1],
          ]),
        ),
      ),
    ).toEqual([0, 1, 0]);
  });

  it('predictLabels works on a plain object-literal model', () => {
    const model: Model = {
      inputDim: 1,
      classes: 2,
      predictProba: (x) => {
        const out = matrix(x.rows, 2);
        for (let i = 0; i < x.rows; i++) {
          const p = 1 / (1 + Math.exp(-get(x, i, 0)));
          out.data[2 * i] = 1 - p;
          out.data[2 * i + 1] = p;
        }
        return out;
      },
    };
    expect(Array.from(predictLabels(model, fromRows([[-2], [3]])))).toEqual([0, 1]);
  });
});

describe('summarizeValues', () => {
  it('counts undefined (NaN) values and excludes them from mean and se', () => {
    const r = summarizeValues('X', Float64Array.of(1, Number.NaN, 3, 5));
    expect(r.count).toBe(3);
    expect(r.undefinedIndices).toEqual([1]);
    expect(r.mean).toBe(3);
    expect(r.se).toBeCloseTo(2 / Math.sqrt(3), 12); // sd of 1,3,5 is 2
  });
});

describe('resolvePreset', () => {
  it('defaults to default, accepts the three presets and rejects anything else with BAD_OPTION', async () => {
    const { resolvePreset, PRESETS } = await import('./preset.js');
    expect(resolvePreset(undefined, 'f')).toBe('default');
    for (const p of PRESETS) expect(resolvePreset(p, 'f')).toBe(p);
    expect(codeOf(() => resolvePreset('fast', 'lime'))).toBe('BAD_OPTION');
    expect(() => resolvePreset(3, 'lime')).toThrow(/BAD_OPTION.*lime: preset/);
  });
});

describe('matrix layout checks and aliasing', () => {
  it('assertMatrix rejects a stride below cols, a fractional stride and a negative or fractional offset', async () => {
    const { assertMatrix } = await import('./matrix.js');
    const data = new Float64Array(12);
    expect(() => assertMatrix({ rows: 3, cols: 4, data, stride: 0 }, 'f', 'a')).toThrow(
      /stride 0 must be an integer of at least cols \(4\)/,
    );
    expect(() => assertMatrix({ rows: 2, cols: 4, data, stride: 4.5 }, 'f', 'a')).toThrow(/stride 4.5/);
    expect(() => assertMatrix({ rows: 2, cols: 4, data, offset: -1 }, 'f', 'a')).toThrow(/offset -1/);
    expect(() => assertMatrix({ rows: 2, cols: 4, data, offset: 0.5 }, 'f', 'a')).toThrow(/offset 0.5/);
  });

  it('matmul allows disjoint interleaved column blocks of one buffer and refuses overlapping ones', async () => {
    const { matmul } = await import('./kernels/matmul.js');
    const { fromRows: rows } = await import('./matrix.js');
    // A 2x4 buffer: columns 0-1 are the input block, columns 2-3 the output block.
    const buf = new Float64Array([1, 2, 0, 0, 3, 4, 0, 0]);
    const left = { rows: 2, cols: 2, data: buf, stride: 4 };
    const right = { rows: 2, cols: 2, data: buf, stride: 4, offset: 2 };
    matmul(
      left,
      rows([
        [1, 0],
        [0, 1],
      ]),
      right,
    );
    expect(Array.from(buf)).toEqual([1, 2, 1, 2, 3, 4, 3, 4]);
    const shifted = { rows: 2, cols: 2, data: buf, stride: 4, offset: 1 };
    expect(() =>
      matmul(
        left,
        rows([
          [1, 0],
          [0, 1],
        ]),
        shifted,
      ),
    ).toThrow(/out shares memory with input a/);
    // A block that wraps into the next row: b starts at column 3 of row 0 and ends in row 1.
    const wrap = { rows: 1, cols: 2, data: buf, stride: 4, offset: 3 };
    expect(() => matmul(rows([[1]]), rows([[1, 1]]), wrap)).not.toThrow();
    expect(() => matmul({ rows: 1, cols: 1, data: buf, offset: 4 }, rows([[1, 1]]), wrap)).toThrow(/shares memory/);
  });
});
