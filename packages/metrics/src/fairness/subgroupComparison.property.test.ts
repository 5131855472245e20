// Invariances of the subgroup comparison: it depends on each group's multiset of defined values
// only (instance order, undefined values and groups outside `compare` leave the disparity and its
// interval alone); relabelling the groups relabels the summaries; the disparity is equivariant
// under shifts and positive scales of the values. A negative scale reverses each group's sorted
// values, so the same bootstrap indices pick other values: its interval is not the mirror image
// and is not asserted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subgroupComparison } from '../index.js';
import type { SubgroupComparisonOptions, SubgroupComparisonResult } from '../index.js';
import { permutation, real, runs } from '../__fixtures__/arbitraries.js';

interface Groups {
  readonly values: Float64Array;
  readonly groups: Int32Array;
  /** Number of groups; every id 0..G-1 has at least one instance. */
  readonly G: number;
  readonly compare: readonly [number, number];
}

/** G in 2..4 groups, 2..12 more instances, values on a 1/8 grid (some undefined). */
const groupsArb: fc.Arbitrary<Groups> = fc.integer({ min: 2, max: 4 }).chain((G) =>
  fc
    .record({
      extra: fc.array(fc.tuple(fc.integer({ min: 0, max: G - 1 }), fc.oneof(fc.integer({ min: -32, max: 32 }), fc.constant(Number.NaN))), {
        minLength: 2,
        maxLength: 12,
      }),
      first: fc.array(fc.integer({ min: -32, max: 32 }), { minLength: G, maxLength: G }),
      compare: fc.uniqueArray(fc.integer({ min: 0, max: G - 1 }), { minLength: 2, maxLength: 2 }),
    })
    .map(({ extra, first, compare }) => {
      const pairs: [number, number][] = [...first.map((v, g): [number, number] => [g, v]), ...extra];
      return {
        values: Float64Array.from(pairs, ([, v]) => v / 8),
        groups: Int32Array.from(pairs, ([g]) => g),
        G,
        compare: [compare[0]!, compare[1]!] as const,
      };
    }),
);

const BOOTSTRAP = 40;
const run = (v: Float64Array, groups: Int32Array, o: SubgroupComparisonOptions): SubgroupComparisonResult =>
  subgroupComparison(v, groups, { bootstrap: BOOTSTRAP, seed: 3, ...o });

const withoutNames = (r: SubgroupComparisonResult) => ({ ...r, groups: r.groups.map(({ name: _, ...s }) => s) });

describe('subgroupComparison invariants', () => {
  it('the order of the instances does not matter (the bootstrap resamples sorted values)', () => {
    fc.assert(
      fc.property(
        groupsArb.chain((s) => fc.tuple(fc.constant(s), permutation(s.values.length))),
        ([s, perm]) => {
          const o = { compare: s.compare };
          expect(
            run(
              Float64Array.from(perm, (i) => s.values[i]!),
              Int32Array.from(perm, (i) => s.groups[i]!),
              o,
            ),
          ).toEqual(run(s.values, s.groups, o));
        },
      ),
      runs(40, 0x5b01),
    );
  });

  it('renaming the groups renames the summaries and keeps the disparity and its interval', () => {
    fc.assert(
      fc.property(
        groupsArb.chain((s) => fc.tuple(fc.constant(s), permutation(s.G))),
        ([s, rename]) => {
          const names = Array.from({ length: s.G }, (_, g) => `g${g}`);
          const base = run(s.values, s.groups, { compare: s.compare, groupNames: names });
          const renamedNames: string[] = [];
          names.forEach((name, g) => {
            renamedNames[rename[g]!] = name;
          });
          const renamed = run(
            s.values,
            s.groups.map((g) => rename[g]!),
            { compare: [rename[s.compare[0]]!, rename[s.compare[1]]!], groupNames: renamedNames },
          );
          expect(renamed.disparity).toBe(base.disparity);
          expect(renamed.range).toBe(base.range);
          expect(renamed.ci).toEqual(base.ci);
          for (const g of base.groups) expect(renamed.groups[rename[g.group]!]).toEqual({ ...g, group: rename[g.group]! });
        },
      ),
      runs(40, 0x5b02),
    );
  });

  it('swapping the compared groups negates the disparity exactly and keeps every summary', () => {
    fc.assert(
      fc.property(groupsArb, (s) => {
        const ab = run(s.values, s.groups, { compare: s.compare });
        const ba = run(s.values, s.groups, { compare: [s.compare[1], s.compare[0]] });
        expect(ba.disparity).toBe(-ab.disparity);
        expect(ba.groups).toEqual(ab.groups);
        expect(ba.range).toBe(ab.range);
      }),
      runs(40, 0x5b03),
    );
  });

  it('undefined values and instances of groups outside the comparison leave the disparity and interval unchanged', () => {
    fc.assert(
      fc.property(groupsArb, fc.array(fc.integer({ min: -32, max: 32 }), { maxLength: 5 }), fc.nat({ max: 3 }), (s, others, nans) => {
        const other = s.G; // a group id beyond every existing one
        const groups = Int32Array.from([...s.groups, ...others.map(() => other), ...Array.from({ length: nans }, (_, q) => q % s.G)]);
        const values = Float64Array.from([...s.values, ...others.map((v) => v / 8), ...Array(nans).fill(Number.NaN)]);
        const base = run(s.values, s.groups, { compare: s.compare });
        const more = run(values, groups, { compare: s.compare });
        expect(more.disparity).toBe(base.disparity);
        expect(more.ci).toEqual(base.ci);
        for (const g of base.groups) {
          const m = more.groups[g.group]!;
          expect({ ...m, undefinedCount: g.undefinedCount }).toEqual(g);
        }
      }),
      runs(40, 0x5b04),
    );
  });

  it('a shift of every value shifts the means and keeps the disparity, range and interval (to rounding)', () => {
    fc.assert(
      fc.property(groupsArb, fc.integer({ min: -80, max: 80 }), (s, k) => {
        const c = k / 8;
        const base = withoutNames(run(s.values, s.groups, { compare: s.compare }));
        const moved = withoutNames(
          run(
            s.values.map((v) => v + c),
            s.groups,
            { compare: s.compare },
          ),
        );
        const tol = 1e-12;
        expect(Math.abs(moved.disparity - base.disparity)).toBeLessThanOrEqual(tol);
        expect(Math.abs(moved.range - base.range)).toBeLessThanOrEqual(tol);
        for (const key of ['lower', 'upper', 'se'] as const) expect(Math.abs(moved.ci[key] - base.ci[key])).toBeLessThanOrEqual(tol);
        base.groups.forEach((g, i) => {
          if (g.count > 0) expect(Math.abs(moved.groups[i]!.mean - (g.mean + c))).toBeLessThanOrEqual(tol);
        });
      }),
      runs(40, 0x5b05),
    );
  });

  it('a positive scale c multiplies the disparity, range, interval and standard errors by c (to rounding)', () => {
    fc.assert(
      fc.property(groupsArb, real(4), (s, e) => {
        const c = 10 ** e;
        const base = run(s.values, s.groups, { compare: s.compare });
        const scaled = run(
          s.values.map((v) => c * v),
          s.groups,
          { compare: s.compare },
        );
        const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
        expect(near(scaled.disparity, c * base.disparity)).toBe(true);
        expect(near(scaled.range, c * base.range)).toBe(true);
        for (const key of ['lower', 'upper', 'se'] as const) expect(near(scaled.ci[key], c * base.ci[key]), key).toBe(true);
        base.groups.forEach((g, i) => {
          if (g.count > 1) expect(near(scaled.groups[i]!.se, c * g.se)).toBe(true);
        });
      }),
      runs(40, 0x5b06),
    );
  });

  it('lower <= upper, and range = largest - smallest mean >= |disparity|', () => {
    fc.assert(
      fc.property(groupsArb, (s) => {
        const r = run(s.values, s.groups, { compare: s.compare });
        const means = r.groups.filter((g) => g.count > 0).map((g) => g.mean);
        expect(r.range).toBe(Math.max(...means) - Math.min(...means));
        if (!Number.isNaN(r.disparity)) expect(Math.abs(r.disparity)).toBeLessThanOrEqual(r.range);
        if (r.ci.resamples > 0) expect(r.ci.lower).toBeLessThanOrEqual(r.ci.upper);
      }),
      runs(40, 0x5b07),
    );
  });
});
