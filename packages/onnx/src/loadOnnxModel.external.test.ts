// Weights saved as ONNX external data (fixtures/generate_external.py: a torch LayerNorm/GELU/residual
// net, every initializer in ln_gelu_res.onnx.data): loaded by path, the data file beside the model is
// read, and the interpreter's probabilities and exact input gradients are torch's float64 autograd on
// the same float32 weights; as bytes alone, or with the data file gone, a typed error names the
// tensor and the file (before: "tensor 'inp.weight' has no producer", or ONNX Runtime's
// "model_path must not be empty"). Tolerance 1e-8: the graph's float32 constants (LayerNorm's epsilon)
// against torch's float64 ones.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isXaiError } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineExternalData } from './externalData.js';
import { loadOnnxModel } from './loadOnnxModel.js';

const file = fileURLToPath(new URL('../fixtures/external/ln_gelu_res.onnx', import.meta.url));
const want = JSON.parse(readFileSync(file.replace(/\.onnx$/, '.json'), 'utf8')) as {
  x: number[][];
  probabilities: number[][];
  gradient: number[][];
};
const x = { rows: want.x.length, cols: want.x[0]!.length, data: Float64Array.from(want.x.flat()) };
const dir = mkdtempSync(join(tmpdir(), 'xai-onnx-external-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const maxDiff = (a: ArrayLike<number>, b: readonly number[]): number => Math.max(...b.map((v, i) => Math.abs(v - a[i]!)));

function caught(f: () => unknown): Error & { code?: string } {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

describe('ONNX external data', () => {
  it('by path: probabilities and exact input gradients equal torch float64 autograd', () => {
    const m = loadOnnxModel(file);
    expect(m.backend).toBe('xai-interpreter');
    expect(m.gradientSource).toBe('autodiff');
    expect(maxDiff(m.predictProba(x).data, want.probabilities.flat())).toBeLessThan(1e-8);
    const g = m.inputGradient(x, new Int32Array(x.rows).fill(1));
    expect(maxDiff(g.data, want.gradient.flat()) / Math.max(...want.gradient.flat().map(Math.abs))).toBeLessThan(1e-8);
  });

  it('inlineExternalData: the bytes hold every weight (no tensor names a file), and a file without external data is returned as is', () => {
    const bytes = readFileSync(file);
    const full = inlineExternalData(bytes, file);
    expect(full.byteLength).toBeGreaterThan(bytes.byteLength);
    const m = loadOnnxModel(full, { name: 'inlined.onnx' });
    expect(maxDiff(m.predictProba(x).data, want.probabilities.flat())).toBeLessThan(1e-8);
    expect(inlineExternalData(full, file)).toBe(full);
  });

  it('as bytes alone: NOT_SUPPORTED naming the tensor, the data file and the two ways out', () => {
    const e = caught(() => loadOnnxModel(readFileSync(file), { name: 'ln_gelu_res.onnx' }));
    expect(isXaiError(e, 'NOT_SUPPORTED')).toBe(true);
    expect(e.message).toMatch(/ln_gelu_res\.onnx: tensor '[^']+' keeps its values in another file \('ln_gelu_res\.onnx\.data'/);
    expect(e.message).toContain('load the model by its path');
  });

  it('the data file missing: NOT_FOUND naming the model, the tensor and the file', () => {
    const alone = join(dir, 'ln_gelu_res.onnx');
    copyFileSync(file, alone);
    const e = caught(() => loadOnnxModel(alone));
    expect(isXaiError(e, 'NOT_FOUND')).toBe(true);
    expect(e.message).toMatch(
      /cannot read the external data of .*ln_gelu_res\.onnx \(tensor '[^']+'\), the file .*ln_gelu_res\.onnx\.data: ENOENT/,
    );
  });
});
