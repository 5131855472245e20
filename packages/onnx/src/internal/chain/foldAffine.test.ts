// Folding an affine map into a layer equals applying the two one after the other (brute force).
import { createRng } from '@xai/core';
import { describe, expect, it } from 'vitest';
import type { AffineStep } from './chainStep.js';
import type { Affine, MutableLayer } from './foldAffine.js';
import { composeAffine, foldIntoInput, foldIntoOutput } from './foldAffine.js';

const rng = createRng(3);
const values = (n: number): Float64Array => Float64Array.from({ length: n }, () => rng.uniform() * 4 - 2);
const layer = (inDim: number, outDim: number): MutableLayer => ({
  inDim,
  outDim,
  weight: values(inDim * outDim),
  bias: values(outDim),
  activation: 'none',
});
const apply = (l: MutableLayer, x: Float64Array): Float64Array =>
  Float64Array.from({ length: l.outDim }, (_, r) => l.bias[r]! + x.reduce((s, v, j) => s + l.weight[r * l.inDim + j]! * v, 0));
const at = (v: Float64Array, j: number): number => v[v.length === 1 ? 0 : j]!;
const map = (a: Affine, x: Float64Array): Float64Array => x.map((v, j) => at(a.scale, j) * v + at(a.shift, j));
const step = (scale: Float64Array, shift: Float64Array): AffineStep => ({
  kind: 'affine',
  op: 'Mul',
  node: { index: 0, name: '', opType: 'Mul' },
  scale,
  shift,
});

function expectClose(a: Float64Array, b: Float64Array): void {
  a.forEach((v, i) => expect(Math.abs(v - b[i]!)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(b[i]!))));
}

describe('foldAffine', () => {
  it('input side: folded(x) = layer(a(x)), per-feature and scalar maps', () => {
    for (const width of [4, 1]) {
      const l = layer(4, 3);
      const a: Affine = { scale: values(width), shift: values(width) };
      const x = values(4);
      const expected = apply(l, map(a, x));
      expect(foldIntoInput(l, a)).toBe(true);
      expectClose(apply(l, x), expected);
    }
  });

  it('output side: folded(x) = a(layer(x))', () => {
    const l = layer(4, 3);
    const a: Affine = { scale: values(3), shift: values(1) };
    const x = values(4);
    const expected = map(a, apply(l, x));
    expect(foldIntoOutput(l, a)).toBe(true);
    expectClose(apply(l, x), expected);
  });

  it('composition: (second ∘ first)(x) = second(first(x)); mismatched widths are refused', () => {
    const first: Affine = { scale: values(5), shift: values(5) };
    const second = step(values(1), values(5));
    const x = values(5);
    expectClose(map(composeAffine(first, second)!, x), map(second, map(first, x)));
    expect(composeAffine(first, step(values(3), values(3)))).toBeUndefined();
    expect(foldIntoInput(layer(4, 3), first)).toBe(false);
    expect(foldIntoOutput(layer(4, 3), first)).toBe(false);
  });
});
