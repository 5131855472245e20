import { describe, expect, it } from 'vitest';
import { cases, fixtureInput, maxRelativeError } from '../__fixtures__/quantusTabularCases.js';
import { pixelFlipping } from './pixelFlipping.js';
import { selectivity } from './selectivity.js';

describe('selectivity', () => {
  it("matches Quantus' Selectivity (patch 1, 4 and 8 > d)", () => {
    const input = fixtureInput();
    for (const patchSize of [1, 4, 8] as const) {
      const peer = cases.selectivity[patchSize];
      const r = selectivity(input, { patchSize });
      expect(maxRelativeError(r.curves.data, peer.curves.flat())).toBeLessThan(1e-6);
      expect(maxRelativeError(r.values, peer.values)).toBeLessThan(1e-6);
    }
  });

  it('with one feature per region it is pixel flipping', () => {
    const input = fixtureInput();
    expect([...selectivity(input).values]).toEqual([...pixelFlipping(input).values]);
  });
});
