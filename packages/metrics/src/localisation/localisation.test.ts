import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { cases, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { localisationAuc } from './localisationAuc.js';
import { relevanceMassAccuracy } from './relevanceMassAccuracy.js';
import { relevanceRankAccuracy } from './relevanceRankAccuracy.js';
import { topKIntersection } from './topKIntersection.js';

const x = fromRows(cases.x);
const attributions = fromRows(cases.attributions);
const groundTruth = fromRows(cases.mask);

describe('localisation metrics', () => {
  it("match Quantus' TopKIntersection (k = 2), RelevanceRankAccuracy, RelevanceMassAccuracy and AUC (sklearn) on |e| and on e", () => {
    for (const [name, abs] of [
      ['abs', true],
      ['signed', false],
    ] as const) {
      const peer = cases.localisation[name];
      const input = { x, attributions, groundTruth };
      expect(maxRelativeError(topKIntersection(input, { k: 2, abs }).values, peer.tki)).toBeLessThan(1e-6);
      expect(maxRelativeError(relevanceRankAccuracy(input, { abs }).values, peer.rra)).toBeLessThan(1e-6);
      expect(maxRelativeError(relevanceMassAccuracy(input, { abs }).values, peer.rma)).toBeLessThan(1e-6);
      expect(maxRelativeError(localisationAuc(input, { abs }).values, peer.auc)).toBeLessThan(1e-6);
    }
    const quantus = { x, attributions, groundTruth };
    expect(maxRelativeError(relevanceMassAccuracy(quantus, { preset: 'quantus' }).values, cases.localisation.signed.rma)).toBeLessThan(
      1e-6,
    );
  });

  it("closed form: a linear model's own weights as explanation score the maximum against its top-k weights", () => {
    const w = [0.1, -3, 0.2, 2.5, -0.05, 1];
    const gt = fromRows([w]);
    const e = fromRows([w, w]);
    const x2 = fromRows([w, w]);
    const input = { x: x2, attributions: e, groundTruth: gt };
    // maskSize 3: features 1, 3, 5 (|w| = 3, 2.5, 1).
    for (const f of [topKIntersection, relevanceRankAccuracy, localisationAuc])
      expect([...f(input, { maskSize: 3 }).values]).toEqual([1, 1]);
    const rma = relevanceMassAccuracy(input, { maskSize: 3 }).values[0]!;
    expect(rma).toBeCloseTo(6.5 / 6.85, 12);
  });

  it("a masked-weight ground truth (SynthGauss') marks its non-zero features", () => {
    const gt = fromRows([
      [0, 0.9, 0, -0.4, 0, 0],
      [0.2, 0, 0, 0, 0, -1.5],
    ]);
    const e = fromRows([
      [0.1, -2, 0, 1, 0.05, 0],
      [0.3, 0.2, 0, 0, 0, 4],
    ]);
    const input = { x: e, attributions: e, groundTruth: gt };
    expect([...relevanceRankAccuracy(input).values]).toEqual([1, 1]);
    expect([...localisationAuc(input).values]).toEqual([1, 1]);
    expect([...topKIntersection(input, { k: 1 }).values]).toEqual([1, 1]);
    // maskSize forces the top-k rule: only the largest |gt| of each row.
    expect([...relevanceRankAccuracy(input, { maskSize: 1 }).values]).toEqual([1, 1]);
  });

  it('null: random attributions sit at mask size / d (mean over all orderings of d = 4, mask of 1)', () => {
    // Every permutation of distinct scores: the true feature is in the top 1 in 1/4 of them, AUC averages 0.5.
    const perms: number[][] = [];
    const build = (rest: number[], acc: number[]): void => {
      if (rest.length === 0) perms.push(acc);
      for (const [k, v] of rest.entries()) build([...rest.slice(0, k), ...rest.slice(k + 1)], [...acc, v]);
    };
    build([1, 2, 3, 4], []);
    const input = { x: fromRows(perms), attributions: fromRows(perms), groundTruth: fromRows([[1, 0, 0, 0]]) };
    expect(relevanceRankAccuracy(input).mean).toBeCloseTo(0.25, 12);
    expect(localisationAuc(input).mean).toBeCloseTo(0.5, 12);
    expect(relevanceMassAccuracy(input).mean).toBeCloseTo(0.25, 12);
  });

  it('an empty mask is undefined; a ground truth of the wrong width is an error', () => {
    const input = { x: fromRows([[1, 2]]), attributions: fromRows([[1, 2]]), groundTruth: fromRows([[0, 0]]) };
    expect(topKIntersection(input).undefinedIndices).toEqual([0]);
    expect(localisationAuc({ ...input, groundTruth: fromRows([[1, 1]]) }).undefinedIndices).toEqual([0]);
    expect(() => relevanceRankAccuracy({ ...input, groundTruth: fromRows([[1, 0, 0]]) })).toThrow(/groundTruth/);
    expect(() => topKIntersection(input, { k: 3 })).toThrow(/k/);
  });
});
