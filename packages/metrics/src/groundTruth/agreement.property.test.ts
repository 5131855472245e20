// Invariances of the ground-truth agreement metrics (FA, RA, SA, SRA, RC, PRA, Kendall's τ).
//
// What holds, and why:
// - RC (both presets), PRA under `default`/`paper` and Kendall's τ see a row only through the
//   ranks of its values and compare every pair of features symmetrically: any permutation of the
//   features, applied to attributions, ground truth and x together, leaves them unchanged, ties
//   included.
// - FA, SA, RA and SRA take the top-k by a stable sort that breaks ties by the lower feature
//   index, and `openxai` PRA asks "rank_a < rank_b" of the pair a < b (a tie in one ranking
//   agrees with "b before a" in the other). With no ties every permutation leaves them unchanged;
//   with ties only the permutations that keep tied features in their relative order do. RA and
//   SRA compare the two orders position by position: which of two tied features sits at position
//   p is decided by index, so swapping them moves a feature in one ranking but not in the other
//   and a hit at p can appear or vanish (the examples at the end).
// - Every ranking metric sees the attributions only through the order of |value| (of the value,
//   for `ranking: 'signed'`): a positive scale or a strictly increasing transform of the
//   magnitudes changes nothing; SA/SRA also read the signs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Matrix } from '@xai/core';
import { PRESETS, fa, kendallTau, pra, ra, rc, sa, sra } from '../index.js';
import type { Preset } from '../index.js';
import {
  MAGNITUDE_TRANSFORMS,
  VALUE_TRANSFORMS,
  distinctMagnitudeRow,
  gridRow,
  mapMatrix,
  matrixArb,
  matrixOf,
  nonZeroRow,
  permutation,
  permuteColumns,
  positiveScale,
  runs,
  tieConsistent,
} from '../__fixtures__/arbitraries.js';

interface Case {
  readonly x: Matrix;
  readonly e: Matrix;
  readonly g: Matrix;
  readonly preset: Preset;
  readonly k: number | undefined;
  readonly perm: number[];
}

/** d in 2..7, n in 1..3, a ground truth per row or one shared row; `row` draws the e and g rows. */
function caseArb(row: (d: number) => fc.Arbitrary<number[]>, sharedTruth: 'maybe' | 'never' = 'maybe'): fc.Arbitrary<Case> {
  return fc.tuple(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 1, max: 3 })).chain(([d, n]) =>
    fc.record({
      x: matrixArb(n, d, gridRow(d)),
      e: matrixArb(n, d, row(d)),
      g: (sharedTruth === 'never' ? fc.constant(false) : fc.boolean()).chain((shared) => matrixArb(shared ? 1 : n, d, row(d))),
      preset: fc.constantFrom(...PRESETS),
      k: fc.option(fc.integer({ min: 1, max: d }), { nil: undefined }),
      perm: permutation(d),
    }),
  );
}

type Scores = Record<string, Float64Array>;

/** Every agreement metric of (e, g), each under the case's preset (and k for the top-k ones). */
function scores(c: Case, e: Matrix, g: Matrix, x: Matrix = c.x): Scores {
  const input = { x, attributions: e, groundTruth: g };
  const topK = { preset: c.preset, ...(c.k === undefined ? {} : { k: c.k }) };
  return {
    FA: fa(input, topK).values,
    RA: ra(input, topK).values,
    SA: sa(input, topK).values,
    SRA: sra(input, topK).values,
    RC: rc(input, { preset: c.preset }).values,
    PRA: pra(input, { preset: c.preset }).values,
    RC_SIGNED: rc(input, { preset: c.preset, ranking: 'signed' }).values,
    PRA_SIGNED: pra(input, { preset: c.preset, ranking: 'signed' }).values,
    TAU: kendallTau(input).values,
    TAU_SIGNED: kendallTau(input, { ranking: 'signed' }).values,
  };
}

const pick = (s: Scores, ids: readonly string[]): Scores => Object.fromEntries(ids.map((id) => [id, s[id]!]));

/** Equal within `tol` (absolute), NaN where the other is NaN. */
function expectClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: number, what: string): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < actual.length; i++) {
    if (Number.isNaN(expected[i]!)) expect(actual[i], `${what}[${i}]`).toBeNaN();
    else expect(Math.abs(actual[i]! - expected[i]!), `${what}[${i}]: ${actual[i]} vs ${expected[i]}`).toBeLessThanOrEqual(tol);
  }
}

/** The permuted case: columns of x, e and g permuted alike. */
const permuted = (c: Case, perm: readonly number[]): Scores =>
  scores(c, permuteColumns(c.e, perm), permuteColumns(c.g, perm), permuteColumns(c.x, perm));

// Pearson's sums run over the features in index order, so a permutation reorders them: the
// correlations agree to rounding (ranks are multiples of 1/2, d <= 7), the counts exactly.
const CORRELATION_ROUNDING = 1e-12;
const CORRELATIONS = ['RC', 'RC_SIGNED', 'TAU', 'TAU_SIGNED'];
const COUNTS = ['FA', 'RA', 'SA', 'SRA', 'PRA', 'PRA_SIGNED'];

describe('feature permutation', () => {
  it('with no ties in |attribution| or |ground truth|, every permutation leaves every metric unchanged', () => {
    fc.assert(
      fc.property(caseArb(distinctMagnitudeRow), (c) => {
        const before = scores(c, c.e, c.g);
        const after = permuted(c, c.perm);
        for (const id of COUNTS) expect(after[id], id).toEqual(before[id]);
        for (const id of CORRELATIONS) expectClose(after[id]!, before[id]!, CORRELATION_ROUNDING, id);
      }),
      runs(60, 0x5eed01),
    );
  });

  it('with ties, RC, default/paper PRA (either ranking) and Kendall τ are unchanged by every permutation', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const before = scores(c, c.e, c.g);
        const after = permuted(c, c.perm);
        if (c.preset !== 'openxai') for (const id of ['PRA', 'PRA_SIGNED']) expect(after[id], id).toEqual(before[id]);
        for (const id of CORRELATIONS) expectClose(after[id]!, before[id]!, CORRELATION_ROUNDING, id);
      }),
      runs(60, 0x5eed02),
    );
  });

  it('with ties, a permutation that keeps tied features in order leaves FA, RA, SA, SRA and PRA unchanged', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const perm = tieConsistent(c.perm, [c.e, c.g]);
        const before = pick(scores(c, c.e, c.g), COUNTS);
        expect(pick(permuted(c, perm), COUNTS)).toEqual(before);
      }),
      runs(60, 0x5eed03),
    );
  });
});

describe('positive scaling and monotone transforms', () => {
  it('scaling the attributions or the ground truth by c > 0 changes no metric (ties included)', () => {
    fc.assert(
      fc.property(caseArb(gridRow), positiveScale, positiveScale, (c, a, b) => {
        const scaled = scores(
          c,
          mapMatrix(c.e, (v) => a * v),
          mapMatrix(c.g, (v) => b * v),
        );
        expect(scaled).toEqual(scores(c, c.e, c.g));
      }),
      runs(40, 0x5eed04),
    );
  });

  it('a strictly increasing transform of |attribution| (sign kept) leaves the magnitude rankings unchanged', () => {
    const names = Object.keys(MAGNITUDE_TRANSFORMS);
    fc.assert(
      fc.property(caseArb(gridRow), fc.constantFrom(...names), (c, name) => {
        const h = MAGNITUDE_TRANSFORMS[name]!;
        const e = mapMatrix(c.e, (v) => Math.sign(v) * h(Math.abs(v)));
        const ids = ['FA', 'RA', 'SA', 'SRA', 'RC', 'PRA', 'TAU'];
        expect(pick(scores(c, e, c.g), ids)).toEqual(pick(scores(c, c.e, c.g), ids));
      }),
      runs(40, 0x5eed05),
    );
  });

  it("a strictly increasing transform of the values (a shift too) leaves the 'signed' rankings unchanged", () => {
    const names = Object.keys(VALUE_TRANSFORMS);
    fc.assert(
      fc.property(caseArb(gridRow), fc.constantFrom(...names), (c, name) => {
        const e = mapMatrix(c.e, VALUE_TRANSFORMS[name]!);
        const ids = ['RC_SIGNED', 'PRA_SIGNED', 'TAU_SIGNED'];
        expect(pick(scores(c, e, c.g), ids)).toEqual(pick(scores(c, c.e, c.g), ids));
      }),
      runs(40, 0x5eed06),
    );
  });
});

describe('signs', () => {
  /** e (and, for `both`, g) with the entries of column j negated where flips[j]. */
  const flipColumns = (m: Matrix, flips: readonly boolean[]): Matrix =>
    matrixOf(
      m.rows,
      m.cols,
      Array.from(m.data, (v, q) => (flips[q % m.cols] ? -v : v)),
    );

  it('FA, RA, RC and PRA read magnitudes only; SA and SRA are unchanged when g is flipped with e', () => {
    fc.assert(
      fc.property(
        caseArb(gridRow).chain((c) => fc.tuple(fc.constant(c), fc.array(fc.boolean(), { minLength: c.e.cols, maxLength: c.e.cols }))),
        ([c, flips]) => {
          const before = scores(c, c.e, c.g);
          const eFlipped = flipColumns(c.e, flips);
          const ids = ['FA', 'RA', 'RC', 'PRA', 'TAU'];
          expect(pick(scores(c, eFlipped, c.g), ids)).toEqual(pick(before, ids));
          const withSigns = ['FA', 'RA', 'SA', 'SRA', 'RC', 'PRA', 'TAU'];
          expect(pick(scores(c, eFlipped, flipColumns(c.g, flips)), withSigns)).toEqual(pick(before, withSigns));
        },
      ),
      runs(40, 0x5eed07),
    );
  });

  it('with no zeros, SA(e) + SA(-e) = FA and SRA(e) + SRA(-e) = RA: each shared feature agrees in sign with exactly one', () => {
    fc.assert(
      fc.property(caseArb(nonZeroRow), (c) => {
        const s = scores(c, c.e, c.g);
        const m = scores(
          c,
          mapMatrix(c.e, (v) => -v),
          c.g,
        );
        expectClose(
          s.SA!.map((v, i) => v + m.SA![i]!),
          s.FA!,
          1e-12,
          'SA + SA(-e)',
        );
        expectClose(
          s.SRA!.map((v, i) => v + m.SRA![i]!),
          s.RA!,
          1e-12,
          'SRA + SRA(-e)',
        );
      }),
      runs(40, 0x5eed08),
    );
  });

  it('predictions flip the ground truth per row: FA and RA ignore them, SA and SRA see g with flipped rows', () => {
    fc.assert(
      fc.property(
        caseArb(gridRow).chain((c) =>
          fc.tuple(fc.constant(c), fc.array(fc.constantFrom(0, 1), { minLength: c.e.rows, maxLength: c.e.rows })),
        ),
        ([c, predictions]) => {
          const input = { x: c.x, attributions: c.e, groundTruth: c.g };
          const o = { preset: c.preset, ...(c.k === undefined ? {} : { k: c.k }) };
          const n = c.e.rows;
          const d = c.e.cols;
          const flipped = matrixOf(
            n,
            d,
            Array.from({ length: n * d }, (_, q) => {
              const i = Math.floor(q / d);
              return (predictions[i] === 1 ? 1 : -1) * c.g.data[(c.g.rows === 1 ? 0 : i) * d + (q % d)]!;
            }),
          );
          const asFlipped = { x: c.x, attributions: c.e, groundTruth: flipped };
          expect(fa(input, { ...o, predictions }).values).toEqual(fa(input, o).values);
          expect(ra(input, { ...o, predictions }).values).toEqual(ra(input, o).values);
          expect(sa(input, { ...o, predictions }).values).toEqual(sa(asFlipped, o).values);
          expect(sra(input, { ...o, predictions }).values).toEqual(sra(asFlipped, o).values);
        },
      ),
      runs(30, 0x5eed09),
    );
  });
});

describe('symmetry, bounds and order', () => {
  it('every agreement metric is symmetric in (attributions, ground truth)', () => {
    fc.assert(
      fc.property(caseArb(gridRow, 'never'), (c) => {
        expect(scores(c, c.g, c.e)).toEqual(scores(c, c.e, c.g));
      }),
      runs(40, 0x5eed0a),
    );
  });

  it('top-k metrics and PRA lie in [0, 1], correlations in [-1, 1]; SRA <= RA <= FA and SRA <= SA <= FA per row', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const s = scores(c, c.e, c.g);
        for (const id of COUNTS) for (const v of s[id]!) expect(v >= 0 && v <= 1, `${id} ${v}`).toBe(true);
        for (const id of CORRELATIONS) for (const v of s[id]!) expect(Number.isNaN(v) || (v >= -1 && v <= 1), `${id} ${v}`).toBe(true);
        s.FA!.forEach((f, i) => {
          expect(s.RA![i]).toBeLessThanOrEqual(f);
          expect(s.SA![i]).toBeLessThanOrEqual(f);
          expect(s.SRA![i]).toBeLessThanOrEqual(Math.min(s.RA![i]!, s.SA![i]!));
        });
      }),
      runs(60, 0x5eed0b),
    );
  });

  it('an explanation equal to the ground truth scores 1 everywhere (RC: 1, or undefined for a constant row)', () => {
    fc.assert(
      fc.property(caseArb(gridRow, 'never'), (c) => {
        const s = scores(c, c.e, c.e);
        for (const id of COUNTS) expect(Array.from(s[id]!), id).toEqual(Array(c.e.rows).fill(1));
        for (const id of CORRELATIONS)
          s[id]!.forEach((v, i) => {
            if (!Number.isNaN(v)) expect(v, `${id}[${i}]`).toBeCloseTo(1, 12);
          });
      }),
      runs(40, 0x5eed0c),
    );
  });
});

/** Ranks of `a` (1 = largest): 'dense' (ties share a rank, no gaps) or 'average' (ties share their mean position). */
function ranksByDefinition(a: readonly number[], kind: 'dense' | 'average'): number[] {
  const distinctLarger = (v: number): number => new Set(a.filter((w) => w > v)).size;
  return a.map((v) => {
    if (kind === 'dense') return 1 + distinctLarger(v);
    const larger = a.filter((w) => w > v).length;
    const tied = a.filter((w) => w === v).length;
    return larger + (tied + 1) / 2;
  });
}

function pearsonByDefinition(a: readonly number[], b: readonly number[]): number {
  const mean = (v: readonly number[]): number => v.reduce((s, t) => s + t, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  const cov = a.reduce((s, v, j) => s + (v - ma) * (b[j]! - mb), 0);
  const va = a.reduce((s, v) => s + (v - ma) ** 2, 0);
  const vb = b.reduce((s, v) => s + (v - mb) ** 2, 0);
  return va === 0 || vb === 0 ? Number.NaN : cov / Math.sqrt(va * vb);
}

describe('tie handling, from the definitions', () => {
  const rowOf = (m: Matrix, i: number): number[] => {
    const r = m.rows === 1 ? 0 : i;
    return Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols), Math.abs);
  };

  it('PRA: default/paper count pairs in the same order (before, tied, after); openxai the same truth of "a ranks above b"', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const got = pra({ x: c.x, attributions: c.e, groundTruth: c.g }, { preset: c.preset }).values;
        const want = Array.from({ length: c.e.rows }, (_, i) => {
          const e = rowOf(c.e, i);
          const g = rowOf(c.g, i);
          let agree = 0;
          let pairs = 0;
          for (let a = 0; a < e.length; a++)
            for (let b = a + 1; b < e.length; b++) {
              pairs++;
              const same = c.preset === 'openxai' ? e[a]! > e[b]! === g[a]! > g[b]! : Math.sign(e[a]! - e[b]!) === Math.sign(g[a]! - g[b]!);
              if (same) agree++;
            }
          return agree / pairs;
        });
        expect(Array.from(got)).toEqual(want);
      }),
      runs(50, 0x5eed0d),
    );
  });

  it('RC: Pearson of dense ranks under openxai (ties share a rank, no gaps), of average ranks (Spearman) otherwise', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const got = rc({ x: c.x, attributions: c.e, groundTruth: c.g }, { preset: c.preset }).values;
        const kind = c.preset === 'openxai' ? 'dense' : 'average';
        const want = Array.from({ length: c.e.rows }, (_, i) =>
          pearsonByDefinition(ranksByDefinition(rowOf(c.e, i), kind), ranksByDefinition(rowOf(c.g, i), kind)),
        );
        expectClose(got, want, 1e-12, 'RC');
      }),
      runs(50, 0x5eed0e),
    );
  });

  it('RA at k (no AUC): positions p < k holding the same feature with the same dense rank in both rankings, over k', () => {
    fc.assert(
      fc.property(caseArb(gridRow), (c) => {
        const d = c.e.cols;
        const k = c.k ?? d;
        const got = ra({ x: c.x, attributions: c.e, groundTruth: c.g }, { preset: c.preset, k, auc: false }).values;
        const want = Array.from({ length: c.e.rows }, (_, i) => {
          const e = rowOf(c.e, i);
          const g = rowOf(c.g, i);
          // Descending |value|, ties by the lower feature index.
          const order = (v: number[]): number[] => [...v.keys()].sort((a, b) => v[b]! - v[a]! || a - b);
          const [oe, og] = [order(e), order(g)];
          const [re, rg] = [ranksByDefinition(e, 'dense'), ranksByDefinition(g, 'dense')];
          let hits = 0;
          for (let p = 0; p < k; p++) if (oe[p] === og[p] && re[oe[p]!] === rg[oe[p]!]) hits++;
          return hits / k;
        });
        expect(Array.from(got)).toEqual(want);
      }),
      runs(50, 0x5eed0f),
    );
  });
});

describe('permutations that reorder tied features (why the top-k metrics need the tie-consistent kind)', () => {
  // e ties features 0 and 1; g does not. Swapping them moves feature 0 out of g's first place
  // but leaves e's order [0, 1, 2] (ties by index): every top-k metric at k = 1 drops from 1 to 0.
  const x = matrixOf(1, 3, [0, 0, 0]);
  const e = matrixOf(1, 3, [2, 2, 1]);
  const g = matrixOf(1, 3, [3, 2, 1]);
  const swap = [1, 0, 2];
  const at1 = { k: 1, auc: false } as const;
  it.each([
    ['FA', fa],
    ['RA', ra],
    ['SA', sa],
    ['SRA', sra],
  ] as const)('%s at k = 1: 1 before, 0 after', (_, metric) => {
    expect(metric({ x, attributions: e, groundTruth: g }, at1).values[0]).toBe(1);
    expect(metric({ x, attributions: permuteColumns(e, swap), groundTruth: permuteColumns(g, swap) }, at1).values[0]).toBe(0);
  });

  it('openxai PRA: the tied pair agrees as (0, 1) and disagrees as (1, 0); default PRA disagrees either way', () => {
    // Pairs (0,1), (0,2), (1,2): "rank_a < rank_b" in e is F, T, T; in g T, T, T (openxai 2/3).
    // After the swap g = [2, 3, 1]: F, T, T in g against F, T, T in e (3/3).
    const swapped = { x, attributions: permuteColumns(e, swap), groundTruth: permuteColumns(g, swap) };
    expect(pra({ x, attributions: e, groundTruth: g }, { preset: 'openxai' }).values[0]).toBeCloseTo(2 / 3, 15);
    expect(pra(swapped, { preset: 'openxai' }).values[0]).toBe(1);
    expect(pra({ x, attributions: e, groundTruth: g }).values[0]).toBeCloseTo(2 / 3, 15);
    expect(pra(swapped).values[0]).toBeCloseTo(2 / 3, 15);
  });
});
