import { describe, expect, it } from 'vitest';
import { notAModelError } from './adapterHints.js';
import { assertMatrix, fromRows } from './matrix.js';
import type { Model } from './model.js';
import { checkedModel } from './modelBoundary.js';

const errorOf = (f: () => unknown): Error => {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
};

describe('errors that name the adapter', () => {
  it('rows of numbers: fromRows', () => {
    const e = errorOf(() => assertMatrix([[1, 2]], 'lime.explain', 'x'));
    expect(e.message).toMatch(/got array\(1\); rows of numbers become a Matrix with fromRows\(\) from @xai\/core, e\.g\. fromRows\(\[\[/);
    // The example in the message is itself valid.
    expect(() =>
      assertMatrix(
        fromRows([
          [0.1, 2.5],
          [0.3, 1],
        ]),
        'f',
        'x',
      ),
    ).not.toThrow();
    expect(errorOf(() => assertMatrix({ rows: 1, cols: 1, data: new Float32Array(1) }, 'f', 'x')).message).toMatch(
      /its data is a Float32Array: pass \{ rows, cols, data: Float64Array\.from\(data\) \}/,
    );
    expect(errorOf(() => assertMatrix(5, 'f', 'x')).message).toBe(
      '[BAD_INPUT] f: x: expected a Matrix {rows, cols, data: Float64Array}, got 5',
    );
  });

  it('a plain function: functionModel; an async one: asyncModel; an async model: the async entry points', () => {
    const plain = (x: unknown) => x;
    expect(errorOf(() => checkedModel(plain as unknown as Model, 'pgi')).message).toMatch(
      /got a function; a plain function becomes a Model with functionModel\(f, \{ inputDim: 4, classes: 2 \}\) from @xai\/models/,
    );
    const asyncFn = async (x: unknown) => x;
    expect(notAModelError(asyncFn, 'pgi', 'input.model').message).toMatch(
      /an async function becomes a model with asyncModel\(f,.*explainAsync/,
    );
    const asyncObject = { inputDim: 2, classes: 2, predictProbaAsync: async () => [] };
    expect(errorOf(() => checkedModel(asyncObject as unknown as Model, 'sparseness')).message).toMatch(
      /model\.predictProba must be a function; this model answers asynchronously \(predictProbaAsync\): run it with explainAsync\(explainer, model, x\)/,
    );
    const promising = { inputDim: 2, classes: 2, predictProba: async () => [] } as unknown as Model;
    expect(errorOf(() => checkedModel(promising, 'f').predictProba(fromRows([[1, 2]]))).message).toMatch(
      /returned a Promise.*asyncModel\(f, \{ inputDim, classes \}\)/,
    );
  });
});
