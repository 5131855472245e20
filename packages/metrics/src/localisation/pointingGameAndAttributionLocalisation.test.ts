import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { attributionLocalisation } from './attributionLocalisation.js';
import { pointingGame } from './pointingGame.js';

// JSON has no NaN: the fixture writes an undefined score as null.
const peer = (v: readonly (number | null)[]): number[] => v.map((t) => t ?? Number.NaN);

/** Every ordering of the distinct scores 1..d (the permutation null, enumerated). */
function permutations(d: number): number[][] {
  const out: number[][] = [];
  const build = (rest: number[], acc: number[]): void => {
    if (rest.length === 0) out.push(acc);
    for (const [k, v] of rest.entries()) build([...rest.slice(0, k), ...rest.slice(k + 1)], [...acc, v]);
  };
  build(
    Array.from({ length: d }, (_, j) => j + 1),
    [],
  );
  return out;
}

describe('pointing game', () => {
  it("matches Quantus' PointingGame (a tied maximum that is marked is a hit), |e| and e; an empty mask is undefined here", () => {
    const input = {
      x: fromRows(cases.pointingGameAttributions),
      attributions: fromRows(cases.pointingGameAttributions),
      groundTruth: fromRows(cases.pointingGameMask),
    };
    // Row 4's mask is empty: Quantus stores its NaN in a bool array, which makes it a hit
    // (pointing_game.py:296); every other row is Quantus' own value.
    const others = (v: ArrayLike<number>) => Array.from(v).filter((_, i) => i !== 4);
    for (const abs of [true, false]) {
      const want = cases.pointingGame[abs ? 'abs-plain' : 'signed-plain'];
      expect(want[4]).toBe(1);
      expect(maxRelativeError(others(pointingGame(input, { abs }).values), others(want))).toBeLessThan(1e-6);
    }
    expect(
      maxRelativeError(others(pointingGame(input, { preset: 'quantus' }).values), others(cases.pointingGame['signed-plain'])),
    ).toBeLessThan(1e-6);
    expect(pointingGame(input).undefinedIndices).toEqual([4]);
    // Quantus' weighted variant raises (pointing_game.py:293); ours scores a hit 1 − |mask| / d (closed form below).
    expect(cases.pointingGameRefused['abs-weighted'].refused).toMatch(/TypeError/);
  });

  it("closed form: a linear model's own weights point at its largest weight", () => {
    const w = [0.1, -3, 0.2, 2.5, -0.05, 1];
    const input = { x: fromRows([w]), attributions: fromRows([w]), groundTruth: fromRows([w]) };
    expect([...pointingGame(input, { maskSize: 2 }).values]).toEqual([1]);
    expect([...pointingGame(input, { maskSize: 2, weighted: true }).values]).toEqual([1 - 2 / 6]);
    // Signed, the top feature is 3 (2.5), also in the top-2 |w| mask; feature 1 (−3) alone is not.
    expect([...pointingGame({ ...input, groundTruth: fromRows([[0, 1, 0, 0, 0, 0]]) }, { abs: false }).values]).toEqual([0]);
  });

  it('null: over every ordering of d = 4 the hit rate is mask size / d (weighted: times 1 − mask size / d)', () => {
    const perms = permutations(4);
    const input = { x: fromRows(perms), attributions: fromRows(perms), groundTruth: fromRows([[1, 0, 1, 0]]) };
    expect(pointingGame(input).mean).toBeCloseTo(0.5, 12);
    expect(pointingGame(input, { weighted: true }).mean).toBeCloseTo(0.25, 12);
  });

  it('options are checked', () => {
    const input = { x: fromRows([[1, 2]]), attributions: fromRows([[1, 2]]), groundTruth: fromRows([[0, 1]]) };
    expect(() => pointingGame(input, { weighted: 1 } as never)).toThrow(/weighted/);
    expect(() => pointingGame(input, { tolerance: 1 } as never)).toThrow(/tolerance/);
    expect(() => pointingGame(input, { preset: 'nope' } as never)).toThrow(/preset/);
  });
});

describe('attribution localisation', () => {
  it("matches Quantus' AttributionLocalisation: abs, weighted and positive_attributions (a share above 1 is NaN)", () => {
    const input = { x: fromRows(cases.x), attributions: fromRows(cases.attributions), groundTruth: fromRows(cases.mask) };
    for (const abs of [true, false])
      for (const weighted of [false, true])
        for (const positiveAttributions of [false, true]) {
          const key = `${abs ? 'abs' : 'signed'}-${weighted ? 'weighted' : 'plain'}-${positiveAttributions ? 'positive' : 'all'}`;
          // Quantus' batched call weighs by mask size / ((n − 2)·d): weightedBy 'quantus-batch' reproduces it,
          // and the default equals Quantus run on each row alone (mask size / d).
          const batch = attributionLocalisation(input, { abs, weighted, positiveAttributions, weightedBy: 'quantus-batch' }).values;
          expect(
            maxRelativeError(batch, peer(cases.attributionLocalisation[key as keyof typeof cases.attributionLocalisation])),
            key,
          ).toBeLessThan(1e-6);
          if (!weighted) continue;
          const got = attributionLocalisation(input, { abs, weighted, positiveAttributions }).values;
          const perRow = cases.attributionLocalisationPerRow[key as keyof typeof cases.attributionLocalisationPerRow];
          expect(maxRelativeError(got, peer(perRow)), key).toBeLessThan(1e-6);
        }
    // Quantus' default is abs=True: the quantus preset keeps |e|.
    const quantus = attributionLocalisation(input, { preset: 'quantus' }).values;
    expect(maxRelativeError(quantus, peer(cases.attributionLocalisation['abs-plain-all']))).toBeLessThan(1e-6);
    expect(attributionLocalisation(input, { abs: false }).undefinedIndices).toEqual([5]);
  });

  it("closed form: a linear model's own weights put all their mass on a mask of their non-zero features", () => {
    const w = [0, -3, 0, 2.5, 0, 1];
    const input = { x: fromRows([w]), attributions: fromRows([w]), groundTruth: fromRows([w]) };
    expect([...attributionLocalisation(input).values]).toEqual([1]);
    expect(attributionLocalisation(input, { weighted: true }).values[0]).toBeCloseTo(3 / 6, 12);
    // The top-2 |w| mask holds 5.5 of the 6.5.
    expect(attributionLocalisation(input, { maskSize: 2 }).values[0]).toBeCloseTo(5.5 / 6.5, 12);
  });

  it('null: the mean over every ordering of d = 4 is mask size / d (weighted: its square)', () => {
    const perms = permutations(4);
    const input = { x: fromRows(perms), attributions: fromRows(perms), groundTruth: fromRows([[1, 0, 1, 0]]) };
    expect(attributionLocalisation(input).mean).toBeCloseTo(0.5, 12);
    expect(attributionLocalisation(input, { weighted: true }).mean).toBeCloseTo(0.25, 12);
  });

  it('empty masks and zero rows are undefined; options are checked', () => {
    const input = { x: fromRows([[1, 2]]), attributions: fromRows([[1, 2]]), groundTruth: fromRows([[0, 0]]) };
    expect(attributionLocalisation(input).undefinedIndices).toEqual([0]);
    expect(
      attributionLocalisation({ ...input, attributions: fromRows([[0, 0]]), groundTruth: fromRows([[1, 0]]) }).undefinedIndices,
    ).toEqual([0]);
    expect(() => attributionLocalisation(input, { positiveAttributions: 'yes' } as never)).toThrow(/positiveAttributions/);
    expect(() => attributionLocalisation(input, { maxSize: 1 } as never)).toThrow(/maxSize/);
  });
});
