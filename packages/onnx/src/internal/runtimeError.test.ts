// ONNX Runtime failures keep SHAPE_MISMATCH for shape errors only: graphs that fail for
// other reasons, at load and at run time, in both runtimes.
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { isXaiError, row } from '@xai/core';
import type onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from '../loadOnnxModel.js';
import { loadOnnxModelAsync } from '../loadOnnxModelAsync.js';
import { DT, encodeModel } from './proto.js';
import { runtimeErrorCode } from './runtimeError.js';

const info = (name: string, elemType: number, cols: number): onnxProto.onnx.IValueInfoProto => ({
  name,
  type: { tensorType: { elemType, shape: { dim: [{ dimParam: 'n' }, { dimValue: cols }] } } },
});
const raw = (
  name: string,
  dims: number[],
  dataType: number,
  values: Float32Array | Int32Array | BigInt64Array,
): onnxProto.onnx.ITensorProto => ({
  name,
  dims,
  dataType,
  rawData: new Uint8Array(values.buffer),
});
const to = (t: number): onnxProto.onnx.IAttributeProto => ({ name: 'to', type: 2, i: t });
const model = (name: string, g: Omit<onnxProto.onnx.IGraphProto, 'name'>): Uint8Array =>
  encodeModel({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph: { name, ...g } });
const mat = (rows: number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });

/** probabilities = TABLE[int(x)]: a lookup whose index comes from the data, so a bad value fails only when run. */
const TABLE = [
  [0.5, 0.5],
  [0.2, 0.8],
  [0.9, 0.1],
];
const lookup = model('lookup', {
  input: [info('x', DT.FLOAT, 1)],
  output: [info('probabilities', DT.FLOAT, 2)],
  initializer: [raw('table', [3, 2], DT.FLOAT, Float32Array.from(TABLE.flat())), raw('flat', [1], DT.INT64, BigInt64Array.from([-1n]))],
  node: [
    { opType: 'Cast', input: ['x'], output: ['xi'], attribute: [to(DT.INT64)] },
    { opType: 'Reshape', input: ['xi', 'flat'], output: ['idx'] },
    { opType: 'Gather', name: 'lookup', input: ['table', 'idx'], output: ['probabilities'], attribute: [{ name: 'axis', type: 2, i: 0 }] },
  ],
});
/** A Gemm over int32 (allowed by the ONNX spec, no kernel in ONNX Runtime's CPU provider). */
const int32Gemm = model('int32-gemm', {
  input: [info('x', DT.FLOAT, 2)],
  output: [info('y', DT.FLOAT, 2)],
  initializer: [raw('W', [2, 2], 6, Int32Array.from([1, 2, 3, 4]))],
  node: [
    { opType: 'Cast', input: ['x'], output: ['xi'], attribute: [to(6)] },
    { opType: 'Gemm', input: ['xi', 'W'], output: ['yi'] },
    { opType: 'Cast', input: ['yi'], output: ['y'], attribute: [to(DT.FLOAT)] },
  ],
});

function caught(fn: () => unknown): Error & { code?: string } {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}

describe('ONNX Runtime failures get the code of what went wrong, naming the file and keeping ORT’s message', () => {
  it('a data-dependent run failure (Gather index out of bounds) is BAD_INPUT, not SHAPE_MISMATCH (onnxruntime-node)', () => {
    const m = loadOnnxModel(lookup, { name: 'lookup.onnx', evaluate: 'session' });
    // In range, the lookup is the table's rows.
    const p = m.predictProba(mat([[1], [2], [0]]));
    [1, 2, 0].forEach((r, i) => TABLE[r]!.forEach((v, j) => expect(row(p, i)[j]).toBeCloseTo(v, 6)));
    const e = caught(() => m.predictProba(mat([[7]])));
    expect(isXaiError(e, 'BAD_INPUT')).toBe(true);
    expect(e.message).toContain('lookup.onnx');
    expect(e.message).toContain('1 x 1');
    expect(e.message).toMatch(/indices element out of data bounds, idx=7/);
    m.dispose();
  });

  it('the same through onnxruntime-web (predictProbaAsync)', async () => {
    const m = await loadOnnxModelAsync(lookup, { name: 'lookup.onnx', evaluate: 'session' });
    const p = await m.predictProbaAsync(mat([[2]]));
    expect(row(p, 0)[1]).toBeCloseTo(TABLE[2]![1]!, 6);
    let e: unknown;
    await m.predictProbaAsync(mat([[-9]])).catch((err: unknown) => (e = err));
    expect(isXaiError(e, 'BAD_INPUT')).toBe(true);
    expect((e as Error).message).toMatch(/lookup\.onnx.*out of data bounds/s);
  });

  it('an op ONNX Runtime has no kernel for (int32 Gemm) is NOT_SUPPORTED at load, in both runtimes', async () => {
    const e = caught(() => loadOnnxModel(int32Gemm, { name: 'gemm32.onnx', evaluate: 'session' }));
    expect(isXaiError(e, 'NOT_SUPPORTED')).toBe(true);
    expect(e.message).toMatch(/gemm32\.onnx.*Could not find an implementation for Gemm/s);
    let w: unknown;
    await loadOnnxModelAsync(int32Gemm, { name: 'gemm32.onnx', evaluate: 'session' }).catch((err: unknown) => (w = err));
    expect(isXaiError(w, 'NOT_SUPPORTED')).toBe(true);
    expect((w as Error).message).toContain('gemm32.onnx');
  });

  it('shape failures stay SHAPE_MISMATCH (a dynamic MatMul given the wrong width)', () => {
    const e = caught(() =>
      loadOnnxModel(fileURLToPath(new URL('../../fixtures/dynamic.onnx', import.meta.url)), { inputDim: 4, evaluate: 'session' }),
    );
    expect(isXaiError(e, 'SHAPE_MISMATCH')).toBe(true);
    expect(e.message).toMatch(/dynamic\.onnx: ONNX Runtime rejected a 1 x 4 input: .*MatMul dimension mismatch/s);
  });

  it('the interpreter types the same failures alike, naming the file and the node', () => {
    const m = loadOnnxModel(lookup, { name: 'lookup.onnx' });
    expect(m.backend).toBe('xai-interpreter');
    const p = m.predictProba(mat([[1], [2], [0]]));
    [1, 2, 0].forEach((r, i) => TABLE[r]!.forEach((v, j) => expect(row(p, i)[j]).toBeCloseTo(v, 6)));
    const e = caught(() => m.predictProba(mat([[7]])));
    expect(isXaiError(e, 'BAD_INPUT')).toBe(true);
    expect(e.message).toMatch(/lookup\.onnx: node 2 'lookup' \(Gather\): index 7 is outside \[-3, 2\]/);
    // the one column reaches the Gather index through a Cast to int64: not differentiable
    expect(m.nonDifferentiableInputs).toEqual([{ column: 0, reason: 'node 0 (Cast) casts it to an integer or bool' }]);
  });

  it('runtimeErrorCode on ONNX Runtime’s own messages', () => {
    const run = (m: string): string => runtimeErrorCode(m, 'run');
    expect(run('Got invalid dimensions for input: x for the following indices\n index: 1 Got: 5 Expected: 6')).toBe('SHAPE_MISMATCH');
    expect(run('Invalid rank for input: x Got: 3 Expected: 2 Please fix either the inputs/outputs or the model.')).toBe('SHAPE_MISMATCH');
    expect(
      run("Non-zero status code returned while running Add node. Name:'a' Status Message: Add: left operand cannot broadcast on dim 1"),
    ).toBe('SHAPE_MISMATCH');
    expect(
      run("Non-zero status code returned while running Gather node. Name:'g' Status Message: indices element out of data bounds"),
    ).toBe('BAD_INPUT');
    expect(run('Could not find an implementation for Gemm(13) node')).toBe('NOT_SUPPORTED');
    expect(runtimeErrorCode('Could not find an implementation for Gemm(13) node', 'load')).toBe('NOT_SUPPORTED');
    expect(runtimeErrorCode('Protobuf parsing failed.', 'load')).toBe('PARSE_ERROR');
  });
});
