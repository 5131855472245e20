import { BEYOND_OPENXAI_EXPLAINER_IDS, EXPLAINER_IDS } from '@xai/explainers';
import { EXTENDED_METRIC_IDS, METRIC_IDS, extendedMetrics } from '@xai/metrics';
import { describe, expect, it } from 'vitest';
import { EXPLAINERS, EXTENDED_FAMILY_METRICS, EXTENDED_METRICS, BEYOND_OPENXAI_EXPLAINERS, LOWER_IS_BETTER, METRICS } from './ids.js';

// The runner's id lists are read from the packages that implement the ids, in their order.
describe('id lists', () => {
  it('match the packages', () => {
    expect([...EXPLAINERS]).toEqual([...EXPLAINER_IDS]);
    expect([...METRICS]).toEqual([...METRIC_IDS]);
    expect([...BEYOND_OPENXAI_EXPLAINERS]).toEqual([...BEYOND_OPENXAI_EXPLAINER_IDS]);
    expect([...EXTENDED_METRICS].sort()).toEqual([...EXTENDED_METRIC_IDS].sort());
  });

  it('extended metrics: family and direction as @xai/metrics states them', () => {
    for (const [family, ids] of Object.entries(EXTENDED_FAMILY_METRICS)) {
      for (const id of ids) {
        const info = extendedMetrics[id].info;
        expect(info.family, id).toBe(family);
        expect(LOWER_IS_BETTER.has(id), id).toBe(info.direction === 'lower-is-better');
      }
    }
  });
});
