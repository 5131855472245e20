import { DATASET_NAMES } from '@xai/data/node';
import { EXPLAINER_IDS } from '@xai/explainers';
import { METRIC_IDS } from '@xai/metrics';
import { describe, expect, it } from 'vitest';
import { DATASETS, EXPLAINERS, METRICS } from './ids';

// The runner plans with its own copies of the id lists (to validate configs without loading
// the pipeline); they must not drift from the packages that implement the ids.
describe('id lists', () => {
  it('match the packages', () => {
    expect([...EXPLAINERS]).toEqual([...EXPLAINER_IDS]);
    expect([...METRICS]).toEqual([...METRIC_IDS]);
    expect([...DATASETS].slice(1).sort()).toEqual([...DATASET_NAMES].sort());
    expect(DATASETS[0]).toBe('synthetic');
  });
});
