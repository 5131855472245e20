import { describe, expect, it } from 'vitest';
import { createRng, fromRows, isXaiError, matrix } from '@xai/core';
import type { Matrix, MetricInput } from '@xai/core';
import { fa } from './groundTruth/fa.js';
import { pra } from './groundTruth/pra.js';
import { ra } from './groundTruth/ra.js';
import { rc } from './groundTruth/rc.js';
import { sa } from './groundTruth/sa.js';
import { sra } from './groundTruth/sra.js';

const input = (e: number[][], g: number[][]): MetricInput => ({
  x: matrix(e.length, e[0]!.length),
  attributions: fromRows(e),
  groundTruth: fromRows(g),
});

function randomMatrix(n: number, d: number, seed: number): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillNormal(m.data);
  return m;
}

describe('top-k agreement, hand-worked at d = 4', () => {
  // |gt| order: f0 > f1 > f2 > f3, signs + - + +; |e| order: f1 > f2 > f0 > f3, signs + - + 0.
  const base = input([[0.1, 0.5, -0.2, 0.0]], [[0.4, -0.3, 0.2, 0.1]]);

  it('FA: per-k overlaps 0, 1/2, 1, 1 -> trapezoid mean 2/3', () => {
    expect(fa(base).values[0]).toBeCloseTo(2 / 3, 12);
  });
  it('SA: only f0 shares its sign -> 0, 0, 1/3, 1/4 -> 11/72', () => {
    expect(sa(base).values[0]).toBeCloseTo(11 / 72, 12);
  });
  it('RA: only position 4 (f3, dense rank 4) matches -> 0, 0, 0, 1/4 -> 1/24', () => {
    expect(ra(base).values[0]).toBeCloseTo(1 / 24, 12);
  });
  it('SRA: the matching f3 has sign 0 vs + -> 0', () => {
    expect(sra(base).values[0]).toBe(0);
  });
  it('k and auc options: value at k = 3 alone, the openxai cap K = ceil(0.25 d) = 1, and k as a fraction', () => {
    expect(fa(base, { k: 3, auc: false }).values[0]).toBe(1);
    expect(fa(base, { preset: 'openxai' }).values[0]).toBe(0);
    expect(fa(base, { k: 2 }).values[0]).toBeCloseTo(0.25, 12); // (0 + 1/2) / 2
    expect(fa(base, { k: 0.5 }).values[0]).toBeCloseTo(0.25, 12); // ceil(0.5 * 4) = 2
  });
});

describe('ties', () => {
  // e ties f0 and f1 (dense ranks 1, 1, 2, 3); gt has no ties (ranks 1, 2, 3, 4).
  const tied = input([[3, 3, 1, 0]], [[3, 2, 1, 0]]);

  it('FA ignores the tie (same top-k sets): 1', () => {
    expect(fa(tied).values[0]).toBeCloseTo(1, 12);
  });
  it('RA compares dense ranks position by position: 1, 1/2, 1/3, 1/4 -> 35/72', () => {
    expect(ra(tied).values[0]).toBeCloseTo(35 / 72, 12);
  });
  it('RC: Spearman on average ranks = sqrt(0.9); openxai Pearson on dense ranks = 3.5 / sqrt(13.75)', () => {
    expect(rc(tied).values[0]).toBeCloseTo(Math.sqrt(0.9), 12);
    expect(rc(tied, { preset: 'openxai' }).values[0]).toBeCloseTo(3.5 / Math.sqrt(13.75), 12);
  });
  it('PRA: the tied pair (0, 1) disagrees with gt "0 before 1" in both presets: 5/6', () => {
    expect(pra(tied).values[0]).toBeCloseTo(5 / 6, 12);
    expect(pra(tied, { preset: 'openxai' }).values[0]).toBeCloseTo(5 / 6, 12);
  });
  it('PRA: a tie against "1 before 0" agrees in openxai (both "<" are false) but not in default', () => {
    const t = input([[3, 3, 1, 0]], [[2, 3, 1, 0]]);
    expect(pra(t, { preset: 'openxai' }).values[0]).toBeCloseTo(1, 12);
    expect(pra(t).values[0]).toBeCloseTo(5 / 6, 12);
  });
});

describe('all-zero attributions', () => {
  // Ties broken by index: top-k of e is {f0..f(k-1)}; gt order is f3, f2, f1, f0.
  const zero = input([[0, 0, 0, 0]], [[0.1, 0.2, -0.3, 0.4]]);

  it('FA: overlaps 0, 0, 2/3, 1 -> 7/18; SA, RA and SRA are 0', () => {
    expect(fa(zero).values[0]).toBeCloseTo(7 / 18, 12);
    expect(sa(zero).values[0]).toBe(0);
    expect(ra(zero).values[0]).toBe(0);
    expect(sra(zero).values[0]).toBe(0);
  });
  it('RC is undefined (constant ranking): NaN, listed, excluded from the mean', () => {
    const r = rc({
      ...zero,
      attributions: fromRows([
        [0, 0, 0, 0],
        [1, 2, 3, 4],
      ]),
      groundTruth: fromRows([[0.1, 0.2, -0.3, 0.4]]),
      x: matrix(2, 4),
    });
    expect(Number.isNaN(r.values[0]!)).toBe(true);
    expect(r.undefinedIndices).toEqual([0]);
    expect(r.count).toBe(1);
    expect(r.mean).toBeCloseTo(1, 12); // |e| and |gt| orders agree on row 1
  });
  it('PRA: 0 in default (every gt pair is strict, every e pair tied); 1 in openxai (gt ranks decrease with index)', () => {
    expect(pra(zero).values[0]).toBe(0);
    expect(pra(zero, { preset: 'openxai' }).values[0]).toBe(1);
  });
});

describe('identities', () => {
  const g = randomMatrix(20, 7, 1);

  it('attribution = ground truth -> all six are 1 in every preset', () => {
    for (const preset of ['default', 'openxai', 'paper'] as const) {
      const inp = { x: matrix(20, 7), attributions: g, groundTruth: g };
      for (const f of [fa, ra, sa, sra, rc, pra]) {
        const r = f(inp, { preset });
        expect(r.count).toBe(20);
        for (const v of r.values) expect(v).toBeCloseTo(1, 12);
      }
    }
  });

  it('reversed ranking -> RC = -1 and PRA = 0', () => {
    // e_j = 1 / |g_j| reverses the magnitude order exactly.
    const e = matrix(20, 7);
    for (let i = 0; i < g.data.length; i++) e.data[i] = 1 / Math.abs(g.data[i]!);
    for (const preset of ['default', 'openxai'] as const) {
      const inp = { x: matrix(20, 7), attributions: e, groundTruth: g };
      for (const v of rc(inp, { preset }).values) expect(v).toBeCloseTo(-1, 12);
      for (const v of pra(inp, { preset }).values) expect(v).toBe(0);
    }
  });

  it('a single shared ground-truth row equals repeating it per instance', () => {
    const e = randomMatrix(5, 6, 2);
    const one = randomMatrix(1, 6, 3);
    const rep = matrix(5, 6);
    for (let i = 0; i < 5; i++) rep.data.set(one.data, i * 6);
    for (const f of [fa, ra, sa, sra, rc, pra]) {
      expect(Array.from(f({ x: matrix(5, 6), attributions: e, groundTruth: one }).values)).toEqual(
        Array.from(f({ x: matrix(5, 6), attributions: e, groundTruth: rep }).values),
      );
    }
  });

  it('permuting the instances permutes the values', () => {
    const e = randomMatrix(6, 5, 4);
    const gt = randomMatrix(6, 5, 5);
    const perm = [3, 0, 5, 1, 4, 2];
    const pe = matrix(6, 5);
    const pg = matrix(6, 5);
    perm.forEach((src, i) => {
      pe.data.set(e.data.subarray(src * 5, src * 5 + 5), i * 5);
      pg.data.set(gt.data.subarray(src * 5, src * 5 + 5), i * 5);
    });
    for (const f of [fa, ra, sa, sra, rc, pra]) {
      const a = f({ x: matrix(6, 5), attributions: e, groundTruth: gt }).values;
      const b = f({ x: matrix(6, 5), attributions: pe, groundTruth: pg }).values;
      perm.forEach((src, i) => expect(b[i]).toBe(a[src]));
    }
  });
});

describe('errors', () => {
  const e = fromRows([[1, 2, 3]]);
  const expectCode = (f: () => unknown, code: string) => {
    try {
      f();
    } catch (err) {
      expect(isXaiError(err)).toBe(true);
      expect((err as { code: string }).code).toBe(code);
      return;
    }
    throw new Error('expected a throw');
  };
  it('missing ground truth -> BAD_INPUT', () => expectCode(() => fa({ x: matrix(1, 3), attributions: e }), 'BAD_INPUT'));
  it('ground truth with the wrong shape -> SHAPE_MISMATCH', () => {
    expectCode(() => fa({ x: matrix(1, 3), attributions: e, groundTruth: matrix(1, 4) }), 'SHAPE_MISMATCH');
    expectCode(
      () =>
        rc({
          x: matrix(2, 3),
          attributions: fromRows([
            [1, 2, 3],
            [1, 2, 3],
          ]),
          groundTruth: matrix(3, 3),
        }),
      'SHAPE_MISMATCH',
    );
  });
  it('x of another shape -> SHAPE_MISMATCH', () =>
    expectCode(() => fa({ x: matrix(2, 3), attributions: e, groundTruth: e }), 'SHAPE_MISMATCH'));
  it('non-finite attributions -> NON_FINITE', () =>
    expectCode(() => sa({ x: matrix(1, 3), attributions: fromRows([[1, Number.NaN, 3]]), groundTruth: e }), 'NON_FINITE'));
  it('k out of range, bad preset, bad auc -> BAD_OPTION', () => {
    expectCode(() => fa({ x: matrix(1, 3), attributions: e, groundTruth: e }, { k: 4 }), 'BAD_OPTION');
    expectCode(() => ra({ x: matrix(1, 3), attributions: e, groundTruth: e }, { k: 1.5 }), 'BAD_OPTION');
    expectCode(() => pra({ x: matrix(1, 3), attributions: e, groundTruth: e }, { preset: 'nope' as never }), 'BAD_OPTION');
    expectCode(() => sra({ x: matrix(1, 3), attributions: e, groundTruth: e }, { auc: 1 as never }), 'BAD_OPTION');
  });
  it('no features -> EMPTY; not an object -> BAD_INPUT; missing attributions -> BAD_INPUT', () => {
    expectCode(() => fa({ x: matrix(1, 0), attributions: matrix(1, 0), groundTruth: matrix(1, 0) }), 'EMPTY');
    expectCode(() => fa(null as never), 'BAD_INPUT');
    expectCode(() => fa({ x: matrix(1, 3) } as never), 'BAD_INPUT');
  });
  it('PRA with one feature is undefined (no pairs)', () => {
    const r = pra({ x: matrix(1, 1), attributions: fromRows([[1]]), groundTruth: fromRows([[2]]) });
    expect(r.undefinedIndices).toEqual([0]);
  });
});
