import { describe, expect, it } from 'vitest';
import { Float32Kernel } from './float32Kernel.js';

const f = Math.fround;

/** ATen's float32 softmax of one row as the general loop forms it (max, exp of z − max, 1 / Σ). */
function atenSoftmax(z: readonly number[]): number[] {
  let max = z[0]!;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  const e = z.map((v) => {
    const t = f(v - max);
    const x = t === 0 ? 1 : f(Math.exp(t));
    sum = f(sum + x);
    return x;
  });
  const inv = f(1 / sum);
  return e.map((x) => f(x * inv));
}

describe('Float32Kernel probabilities of a 2-class output', () => {
  it('are the general softmax loop bit for bit, ties, signed zeros, infinities and NaN included', () => {
    // One identity layer: the logits are the inputs rounded to float32 (an infinite input's other
    // logit is ∞·0 = NaN).
    const kernel = new Float32Kernel(
      [{ inDim: 2, outDim: 2, activation: 'none', wOffset: 0, bOffset: 4 }],
      Float64Array.of(1, 0, 0, 1, 0, 0),
    );
    const pairs: [number, number][] = [
      [0, 0],
      [-0, 0],
      [0, -0],
      [1.5, -2.25],
      [-3, 7],
      [88, -88],
      [1e-40, -1e-40],
      [3, 3],
      [1e39, 0],
      [0, 1e39],
      [-1e39, 2],
      [1e39, 1e39],
      [-1e39, -1e39],
      [Number.NaN, 1],
      [1, Number.NaN],
    ];
    for (let q = 0; q < 200; q++) pairs.push([Math.sin(q * 7.1) * 30, Math.cos(q * 3.3) * 30]);
    const x = { rows: pairs.length, cols: 2, data: Float64Array.from(pairs.flat()) };
    kernel.forward(x);
    const logits = { rows: pairs.length, cols: 2, data: new Float64Array(2 * pairs.length) };
    kernel.outputsInto(pairs.length, logits, true);
    const out = { rows: pairs.length, cols: 2, data: new Float64Array(2 * pairs.length) };
    kernel.outputsInto(pairs.length, out, false);
    let infinite = 0;
    pairs.forEach((_, i) => {
      const z = [logits.data[2 * i]!, logits.data[2 * i + 1]!];
      if (z.some((v) => Math.abs(v) === Number.POSITIVE_INFINITY)) infinite++;
      const want = atenSoftmax(z);
      expect([i, Object.is(out.data[2 * i], want[0]), Object.is(out.data[2 * i + 1], want[1])]).toEqual([i, true, true]);
    });
    expect(infinite).toBeGreaterThan(2); // the overflowing inputs did reach the softmax as ±Infinity
  });

  it('give NaN, as the loop does, when a finite row meets an infinite logit (overflowed products, no ∞·0)', () => {
    // logit 0 = 3e38·x0 overflows float32 for |x0| >= 2; logit 1 = x1.
    const kernel = new Float32Kernel(
      [{ inDim: 2, outDim: 2, activation: 'none', wOffset: 0, bOffset: 4 }],
      Float64Array.of(3e38, 0, 0, 1, 0, 0),
    );
    const x = { rows: 3, cols: 2, data: Float64Array.of(10, 2, -10, 2, 0.5, 2) };
    kernel.forward(x);
    const logits = { rows: 3, cols: 2, data: new Float64Array(6) };
    kernel.outputsInto(3, logits, true);
    expect([...logits.data.subarray(0, 4)]).toEqual([Number.POSITIVE_INFINITY, 2, Number.NEGATIVE_INFINITY, 2]);
    const out = { rows: 3, cols: 2, data: new Float64Array(6) };
    kernel.outputsInto(3, out, false);
    for (let i = 0; i < 3; i++) {
      const want = atenSoftmax([logits.data[2 * i]!, logits.data[2 * i + 1]!]);
      expect([Object.is(out.data[2 * i], want[0]), Object.is(out.data[2 * i + 1], want[1])]).toEqual([true, true]);
    }
    expect([out.data[0], out.data[2], out.data[3]]).toEqual([Number.NaN, 0, 1]);
  });
});
