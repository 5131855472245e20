import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { regionPerturbation } from './regionPerturbation.js';

describe('regionPerturbation', () => {
  it("matches Quantus' RegionPerturbation (patch 1, 4 and 8 > d with Quantus' padding, MORF and LERF)", () => {
    const input = fixtureInput();
    for (const patchSize of [1, 4, 8] as const)
      for (const order of ['morf', 'lerf'] as const) {
        const peer = cases.regionPerturbation[`${patchSize}-${order}`];
        const r = regionPerturbation(input, { patchSize, order });
        expect(maxRelativeError(r.curves.data, peer.curves.flat())).toBeLessThan(1e-6);
        expect(maxRelativeError(r.values, peer.values)).toBeLessThan(1e-6);
      }
  });

  it('regions caps the curve as Quantus regions_evaluation', () => {
    const r = regionPerturbation(fixtureInput(), { regions: 3 });
    expect(r.curves.cols).toBe(3);
    expect(maxRelativeError(r.values, cases.regionPerturbationCapped.values)).toBeLessThan(1e-6);
  });

  it("the quantus preset takes Quantus' patch_size 8; bad options are errors", () => {
    expect([...regionPerturbation(fixtureInput(), { preset: 'quantus' }).values]).toEqual([
      ...regionPerturbation(fixtureInput(), { patchSize: 8 }).values,
    ]);
    expect(() => regionPerturbation(fixtureInput(), { patchSize: 0 })).toThrow(/patchSize/);
    expect(() => regionPerturbation(fixtureInput(), { order: 'random' as never })).toThrow(/order/);
  });
});
