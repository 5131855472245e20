import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { isXaiError, row } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { inspectOnnx } from './inspectOnnx.js';
import { loadOnnxModelAsync } from './loadOnnxModelAsync.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const bytes = (name: string): Uint8Array => new Uint8Array(readFileSync(fixture(`${name}.onnx`)));
interface Ref {
  x: number[][];
  probabilities: number[][];
  gradient: number[][];
  targets: number[];
}
const ref = (name: string): Ref => JSON.parse(readFileSync(fixture(`${name}.json`), 'utf8')) as Ref;
const mat = (rows: number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });
const maxDiff = (m: Matrix, e: number[][]): number => Math.max(...e.flatMap((r, i) => r.map((v, j) => Math.abs(row(m, i)[j]! - v))));

describe('loadOnnxModelAsync (the browser path, run here in Node)', () => {
  it('a graph the interpreter runs: a fully synchronous Model, no runtime loaded', async () => {
    const r = ref('mlp_relu');
    const m = await loadOnnxModelAsync(bytes('mlp_relu'), { name: 'mlp_relu.onnx', runtime: {} as never });
    expect(m.backend).toBe('xai-interpreter');
    expect(m.discovered.evaluate).toBe('pure');
    expect(maxDiff(m.predictProba(mat(r.x)), r.probabilities)).toBeLessThanOrEqual(1e-6);
    expect(maxDiff(await m.predictProbaAsync(mat(r.x)), r.probabilities)).toBeLessThanOrEqual(1e-6);
    expect(maxDiff(m.inputGradient(mat(r.x), Int32Array.from(r.targets)), r.gradient)).toBeLessThanOrEqual(1e-5);
  });

  it('a graph with an op the interpreter does not run goes to onnxruntime-web: predictProbaAsync only; its sync methods say why', async () => {
    const r = ref('trees');
    await expect(loadOnnxModelAsync(bytes('trees'), { name: 'trees.onnx', evaluate: 'pure' })).rejects.toThrow(
      /trees\.onnx.*TreeEnsembleClassifier/,
    );
    const m = await loadOnnxModelAsync(bytes('trees'), { name: 'trees.onnx' });
    expect(m.backend).toBe('onnxruntime-web');
    expect(maxDiff(await m.predictProbaAsync(mat(r.x)), r.probabilities)).toBeLessThanOrEqual(1e-6);
    let caught: unknown;
    try {
      m.predictProba(mat(r.x));
    } catch (e) {
      caught = e;
    }
    expect(isXaiError(caught, 'NOT_SUPPORTED')).toBe(true);
    expect((caught as Error).message).toMatch(/trees\.onnx.*predictProbaAsync/);
    expect(() => m.inputGradient(mat(r.x), new Int32Array(r.x.length))).toThrow(/runs only asynchronously/);
  });

  it('inspectOnnx reports inputs, outputs, ops and MLP recognition without a runtime', () => {
    const s = inspectOnnx(bytes('lr_sklearn'), { name: 'lr.onnx' });
    expect(s.input).toEqual({ name: 'x', type: 'float32', shape: [null, 5] });
    expect(s.outputs.map((o) => o.name)).toEqual(['label', 'probabilities']);
    expect(s.ops).toEqual(['ai.onnx.ml.LinearClassifier', 'ai.onnx.ml.Normalizer']);
    expect(s.mlp.probabilities).toBe('LinearClassifier(LOGISTIC) → Normalizer(L1)');
    expect(s.interpreter).toEqual({ label: 'exact', probabilities: 'exact' });
    expect(inspectOnnx(bytes('trees')).interpreter.probabilities).toMatch(/^ONNX Runtime: node 0 .*TreeEnsembleClassifier/);
  });
});
