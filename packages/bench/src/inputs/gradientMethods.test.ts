// The gradient gate on ONNX graphs exported from torch (fixtures of @xai/onnx, gradients from
// torch autograd): exact graphs pass, lost derivatives and unreliable finite differences are
// refused by name unless the user insists, and the note carries the estimate.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { isXaiError } from '@xai/core';
import { loadOnnxModel } from '@xai/onnx/node';
import { describe, expect, it } from 'vitest';
import { gradientVerdict } from './gradientMethods.js';
import { predictionMethods, readsGradients } from './methodNeeds.js';

const path = (name: string): string => fileURLToPath(new URL(`../../../onnx/fixtures/autodiff/${name}`, import.meta.url));
const fixture = (name: string) => JSON.parse(readFileSync(path(`${name}.json`), 'utf8'));
const mat = (rows: readonly number[][]): Matrix => ({ rows: rows.length, cols: rows[0]!.length, data: Float64Array.from(rows.flat()) });
const names = ['age', 'income', 'ratio', 'hours', 'flag', 'city'];
const gate = (file: string, x: Matrix, methods: string[], allowApproximate = false) =>
  gradientVerdict(loadedModel(file), methods, { x, names, allowApproximate, file, fn: 'xai explain', arg: '--method' });

const loaded = new Map<string, ReturnType<typeof loadOnnxModel>>();
function loadedModel(file: string) {
  if (!loaded.has(file)) loaded.set(file, loadOnnxModel(path(file)));
  return loaded.get(file)!;
}

function refusal(f: () => unknown): Error & { code?: string; details?: Record<string, unknown> } {
  try {
    f();
  } catch (e) {
    if (isXaiError(e)) return e as never;
    throw e;
  }
  throw new Error('not refused');
}

describe('which methods the gate reads from the explainer registry', () => {
  it('gradient methods, and the prediction-only methods offered instead', () => {
    expect(['grad', 'sg', 'ig', 'itg', 'gradshap'].every(readsGradients)).toBe(true);
    expect(['control', 'shap', 'lime', 'deeplift', 'treeshap', 'nope'].some(readsGradients)).toBe(false);
    expect(predictionMethods()).toBe('shap, lime, shapley, permshap, occlusion');
  });
});

describe('gradientVerdict on exported graphs', () => {
  it('a LayerNorm/GELU graph: exact, no check needed', () => {
    const f = fixture('ln_gelu_op17');
    expect(gate('ln_gelu_op17.onnx', mat(f.x), ['grad'])).toEqual({ note: 'exact: reverse-mode autodiff of the graph' });
    expect(gate('ln_gelu_op17.onnx', mat(f.x), ['shap', 'lime'])).toBeUndefined();
  });

  it('an embedding index column: refused by its name, whatever the flag', () => {
    const f = fixture('embedding_op13');
    for (const allow of [false, true]) {
      const e = refusal(() => gate('embedding_op13.onnx', mat(f.x), ['control', 'ig'], allow));
      expect(e.code).toBe('NOT_SUPPORTED');
      expect(e.message).toMatch(/ig reads input gradients.*'city' \(/);
      expect(e.message).toMatch(/use shap, lime, shapley, permshap, occlusion/);
    }
    expect(gate('embedding_op13.onnx', mat(f.x), ['shap'])).toBeUndefined();
  });

  it('finite differences (Atan, outside the op set) with steps from raw |x|: refused by their own estimate, or labelled with it', () => {
    const f = fixture('atan_fd');
    const x = mat(f.x);
    const e = refusal(() => gate('atan_fd.onnx', x, ['grad', 'sg', 'shap']));
    expect(e.code).toBe('NOT_SUPPORTED');
    expect(e.message).toMatch(
      /: grad, sg read input gradients.*Atan.*error estimate .* is \d+(\.\d+)? % of the largest gradient, above 1\.0 %.*--allow-approximate/,
    );
    const v = gate('atan_fd.onnx', x, ['grad'], true)!;
    expect(v.check!.relative).toBeGreaterThan(0.01);
    // insisted on past the threshold: the disagreement is named, and not called an error estimate
    expect(v.note).toBe(
      `approximate and UNRELIABLE: central finite differences (${loadedModel('atan_fd.onnx').discovered.finiteDifferencesBecause}); steps h and 2h disagree by ${(100 * v.check!.relative).toPrecision(2)} % of the largest gradient, over the 1.0 % below which that is an error estimate (a jump or kink lies between the steps: the error may be far larger); used because of --allow-approximate`,
    );
  });

  it('the same graph with per-column steps from the training rows passes, and its estimate bounds the error vs torch autograd', () => {
    const f = fixture('atan_fd');
    const m = loadOnnxModel(path('atan_fd.onnx'));
    m.finiteDifferences!.fitSteps(mat(f.train));
    const x = mat(f.x);
    const v = gradientVerdict(m, ['ig'], { x, names, file: 'atan_fd.onnx', fn: 'xai explain', arg: '--method' })!;
    expect(v.check!.relative).toBeLessThanOrEqual(0.01);
    expect(v.note).toMatch(/^approximate: central finite differences .*estimated error \d/);
    const g = m.inputGradient(x, f.targets);
    const want = (f.gradient as number[][]).flat();
    const scale = Math.max(...want.map(Math.abs));
    const err = Math.max(...want.map((w, i) => Math.abs(g.data[i]! - w))) / scale;
    expect(err).toBeLessThanOrEqual(Math.max(v.check!.relative, 1e-6) * 2);
  });
});
