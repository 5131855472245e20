import { describe, expect, it } from 'vitest';
import { asyncModel } from './asyncModel.js';
import type { AsyncModel } from './asyncModel.js';
import { XaiError } from './errors.js';
import type { Matrix } from './matrix.js';
import { fromRows, row } from './matrix.js';
import type { Model } from './model.js';
import { argmaxRows } from './model.js';
import { createRng } from './rng/rng.js';
import type { AsyncPass } from './withAsyncModel.js';
import { withAsyncModel } from './withAsyncModel.js';

// A 3-class softmax model of 2 features, and the same model answering asynchronously.
const W = [
  [1, -2],
  [-1, 0.5],
  [0.3, 1.5],
];
function softmaxRows(x: Matrix): Float64Array {
  const out = new Float64Array(x.rows * 3);
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    const z = W.map((w) => w[0]! * r[0]! + w[1]! * r[1]!);
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const s = e[0]! + e[1]! + e[2]!;
    for (let k = 0; k < 3; k++) out[3 * i + k] = e[k]! / s;
  }
  return out;
}
const syncModel: Model = { inputDim: 2, classes: 3, predictProba: (x) => ({ rows: x.rows, cols: 3, data: softmaxRows(x) }) };

/** The async twin, counting calls and the rows sent. */
function counted(extra: Partial<AsyncModel> = {}) {
  const calls: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const model: AsyncModel = {
    inputDim: 2,
    classes: 3,
    ...extra,
    async predictProbaAsync(x) {
      calls.push(x.rows);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return { rows: x.rows, cols: 3, data: softmaxRows(x) };
    },
  };
  return { model, calls, maxInFlight: () => maxInFlight };
}

/**
 * A computation whose second query depends on the first answers: each row's predicted class
 * picks which of two shifted copies of the row is asked next; returns the sum of the answers.
 */
function dependent(model: Model, x: Matrix): number[] {
  const cls = argmaxRows(model.predictProba(x));
  const shifted = fromRows(Array.from({ length: x.rows }, (_, i) => row(x, i).map((v) => v + (cls[i] === 0 ? 10 : -10))));
  const p = model.predictProba(shifted);
  return Array.from({ length: x.rows }, (_, i) => p.data[3 * i]! + p.data[3 * i + 1]! * 2 + cls[i]!);
}

const x = fromRows([
  [0.5, -1],
  [-2, 0.2],
  [1, 1],
  [0.5, -1], // a repeated row is sent once
]);

describe('withAsyncModel', () => {
  it('gives the synchronous computation’s exact numbers, asking each distinct row once per answer it needs', async () => {
    const { model, calls } = counted();
    const passes: AsyncPass[] = [];
    const got = await withAsyncModel(model, (m) => dependent(m, x), { onPass: (p) => passes.push(p) });
    expect(got).toEqual(dependent(syncModel, x));
    // Pass 1: 3 distinct rows, and their shifts by the placeholder's class 0 (+10). Pass 2: the real classes pick
    // rows 2 and 3's −10 shifts (new); pass 3 reads only answered rows. Row 1 is class 0, so its +10 shift is used.
    const cls = argmaxRows(syncModel.predictProba(x));
    expect(Array.from(cls)).toEqual([0, 1, 2, 0]);
    expect(passes.map((p) => [p.pass, p.newRows, p.calls])).toEqual([
      [1, 6, 1],
      [2, 2, 1],
      [3, 0, 0],
    ]);
    expect(passes[2]!.unusedRows).toBe(2); // the +10 shifts of rows 2 and 3 were asked for on placeholder answers
    expect(calls).toEqual([6, 2]);
  });

  it('splits new rows into batches of batchRows with at most `concurrency` calls in flight', async () => {
    const rng = createRng(3);
    const many = fromRows(Array.from({ length: 10 }, () => [rng.normal(), rng.normal()]));
    const run = (m: Model) => Array.from(m.predictProba(many).data);
    const serial = counted({ batchRows: 3 });
    expect(await withAsyncModel(serial.model, run)).toEqual(run(syncModel));
    expect(serial.calls).toEqual([3, 3, 3, 1]);
    expect(serial.maxInFlight()).toBe(1);
    const parallel = counted({ batchRows: 3, concurrency: 2 });
    expect(await withAsyncModel(parallel.model, run)).toEqual(run(syncModel));
    expect(parallel.maxInFlight()).toBe(2);
  });

  it('writes into a caller’s strided out buffer and reads strided rows', async () => {
    const { model } = counted();
    const wide: Matrix = { rows: 2, cols: 2, stride: 3, offset: 1, data: Float64Array.from([9, 0.5, -1, 9, 1, 1]) };
    const got = await withAsyncModel(model, (m) => {
      const out: Matrix = { rows: 2, cols: 3, stride: 4, data: new Float64Array(8) };
      m.predictProba(wide, out);
      return Array.from(out.data);
    });
    const p = softmaxRows(
      fromRows([
        [0.5, -1],
        [1, 1],
      ]),
    );
    expect(got).toEqual([p[0], p[1], p[2], 0, p[3], p[4], p[5], 0]);
  });

  it('checks what the model returns, naming the entry point', async () => {
    const wrong: AsyncModel = { inputDim: 2, classes: 3, predictProbaAsync: async (q) => new Float64Array(q.rows * 2) };
    await expect(withAsyncModel(wrong, (m) => m.predictProba(x), { caller: 'explainAsync' })).rejects.toThrow(
      /explainAsync → model\.predictProbaAsync.*Float64Array of length 6, expected 3x3/,
    );
    const notProbs: AsyncModel = { inputDim: 2, classes: 3, predictProbaAsync: (q) => new Float64Array(q.rows * 3).fill(0.5) };
    await expect(withAsyncModel(notProbs, (m) => m.predictProba(x))).rejects.toMatchObject({ code: 'NOT_PROBABILITIES' });
    const value: AsyncModel = {
      inputDim: 2,
      classes: 1,
      output: 'value',
      predictProbaAsync: (q) => Array.from({ length: q.rows }, () => [7]),
    };
    expect(Array.from((await withAsyncModel(value, (m) => m.predictProba(x))).data)).toEqual([7, 7, 7, 7]);
    // Float32 answers (ONNX Runtime, TensorFlow.js) come back as float64, checked against float32's rounding tolerance.
    const f32: AsyncModel = { inputDim: 2, classes: 3, predictProbaAsync: async (q) => Float32Array.from(softmaxRows(q)) };
    expect(Array.from((await withAsyncModel(f32, (m) => m.predictProba(x))).data)).toEqual(Array.from(softmaxRows(x), Math.fround));
  });

  it('surfaces the computation’s own error, not one caused by placeholder answers', async () => {
    const { model } = counted();
    // Throws on uniform probabilities (the placeholders), never on the model's answers.
    const picky = (m: Model) => {
      const p = m.predictProba(x);
      if (p.data[0] === 1 / 3) throw new Error('uniform');
      return p.data[0];
    };
    expect(await withAsyncModel(model, picky)).toBe(softmaxRows(x)[0]);
    const failing = (m: Model) => {
      m.predictProba(x);
      throw new XaiError('BAD_INPUT', 'the computation’s own error', { fn: 'f' });
    };
    await expect(withAsyncModel(model, failing)).rejects.toThrow(/the computation’s own error/);
  });

  it('refuses a computation that asks for new rows on every pass, and one that returns a Promise', async () => {
    const { model } = counted();
    let k = 0;
    const drifting = (m: Model) => m.predictProba(fromRows([[k++, 0]]));
    await expect(withAsyncModel(model, drifting, { maxPasses: 4 })).rejects.toThrow(/after 4 passes.*deterministic/);
    await expect(withAsyncModel(model, async (m) => m.predictProba(x))).rejects.toThrow(/returned a Promise/);
  });

  it('runs a synchronous Model directly and names the adapter for a bare function', async () => {
    expect(await withAsyncModel(syncModel, (m) => m.predictProba(x).data[0])).toBe(softmaxRows(x)[0]);
    await expect(withAsyncModel((() => 0) as unknown as Model, (m) => m)).rejects.toThrow(
      /functionModel\(f, \{ inputDim: 4, classes: 2 \}\)/,
    );
    await expect(withAsyncModel(counted({ inputDim: 0 }).model, (m) => m)).rejects.toThrow(/model\.inputDim must be a positive integer/);
  });
});

describe('asyncModel', () => {
  it('hands the function rows of numbers with input: rows, and carries the batching options', async () => {
    const seen: number[][][] = [];
    const model = asyncModel(
      async (rows: number[][]) => {
        seen.push(rows);
        return rows.map((r) => {
          const p = 1 / (1 + Math.exp(-(r[0]! - r[1]!)));
          return [1 - p, p];
        });
      },
      { inputDim: 2, classes: 2, input: 'rows', batchRows: 2 },
    );
    expect(model).toMatchObject({ inputDim: 2, classes: 2, output: 'probabilities', batchRows: 2, concurrency: 1 });
    const p = await withAsyncModel(model, (m) =>
      m.predictProba(
        fromRows([
          [1, 0],
          [0, 1],
          [2, 2],
        ]),
      ),
    );
    expect(seen).toEqual([
      [
        [1, 0],
        [0, 1],
      ],
      [[2, 2]],
    ]);
    expect(p.data[1]).toBeCloseTo(1 / (1 + Math.exp(-1)), 15);
    expect(p.data[5]).toBe(0.5);
  });

  it('checks its options', () => {
    const f = async () => [[0.5, 0.5]];
    expect(() => asyncModel(f, { inputDim: 2, classes: 2, batchRow: 5 } as never)).toThrow(/did you mean 'batchRows'/);
    expect(() => asyncModel(f, { inputDim: 2, classes: 1 })).toThrow(/classes/);
    expect(() => asyncModel(f, { inputDim: 2, classes: 1, output: 'value' })).not.toThrow();
    expect(() => asyncModel(f, undefined as never)).toThrow(/inputDim, classes/);
  });
});
