// The fused GELU loops against mpmath's erf (fixtures/erf.json) and the closed-form derivative
// d/dx [x (erf(x/√2) + 1) / 2] = (erf(x/√2) + 1) / 2 + x e^(−x²/2) / √(2π).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gelu32, gelu64 } from './geluKernels.js';

const ref = JSON.parse(readFileSync(new URL('../../../fixtures/erf.json', import.meta.url), 'utf8')) as { x: number[]; erf: number[] };
// GELU's inputs u·√2 for every fixture point u of both signs, with erf(u) from mpmath
const u = [...ref.x, ...ref.x.map((v) => -v)];
const erfU = [...ref.erf, ...ref.erf.map((v) => -v)];
const k = { c1: Math.SQRT2, c2: 1, c3: 0.5 };

function worst(x: Float64Array, y: Float64Array, keep: Float64Array) {
  let [dy, dd] = [0, 0];
  for (let i = 0; i < u.length; i++) {
    const xi = x[i]!;
    dy = Math.max(dy, Math.abs(y[i]! - xi * (erfU[i]! + 1) * 0.5) / Math.max(1, Math.abs(xi)));
    const d = (erfU[i]! + 1) / 2 + (xi * Math.exp((-xi * xi) / 2)) / Math.sqrt(2 * Math.PI);
    dd = Math.max(dd, Math.abs(keep[i]! - d));
  }
  return { dy, dd };
}

describe('fused GELU kernels', () => {
  it('float64: values to 5e-16 (of max(1, |x|)) and dy/dx to 3e-15', () => {
    const x = Float64Array.from(u, (v) => v * Math.SQRT2);
    const y = new Float64Array(x.length);
    const keep = new Float64Array(x.length);
    gelu64(x, y, keep, k);
    const { dy, dd } = worst(x, y, keep);
    expect(dy).toBeLessThanOrEqual(5e-16);
    expect(dd).toBeLessThanOrEqual(3e-15);
    const y2 = new Float64Array(x.length);
    gelu64(x, y2, undefined, k);
    expect(y2).toEqual(y);
  });

  it('float32: values within one float32 ulp (and erf32’s error) of the float64 kernel on the same inputs, dy/dx to 2e-9', () => {
    const x = Float32Array.from(u, (v) => v * Math.SQRT2);
    const y = new Float32Array(x.length);
    const keep = new Float64Array(x.length);
    gelu32(x, y, keep, k);
    const [y64, keep64] = [new Float64Array(x.length), new Float64Array(x.length)];
    gelu64(Float64Array.from(x), y64, keep64, k);
    let [dd, outside] = [0, 0];
    for (let i = 0; i < x.length; i++) {
      dd = Math.max(dd, Math.abs(keep[i]! - keep64[i]!));
      // one float32 ulp, plus erf32's 2e-11 where x · (erf + 1) cancels (the left tail)
      if (Math.abs(y[i]! - Math.fround(y64[i]!)) > 2 ** -23 * Math.abs(y64[i]!) + 1e-11 * Math.abs(x[i]!)) outside++;
    }
    expect(outside).toBe(0);
    expect(dd).toBeLessThanOrEqual(2e-9);
  });

  it('saturates beyond |x/c1| = 6 and keeps NaN', () => {
    const x = Float64Array.of(20, -20, Number.NaN);
    const y = new Float64Array(3);
    const keep = new Float64Array(3);
    gelu64(x, y, keep, k);
    expect([y[0], y[1], keep[0], keep[1]]).toEqual([20, -0, 1, 0]);
    expect(Number.isNaN(y[2]!)).toBe(true);
  });
});
