import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import type { ExtendedMetricId } from './extendedMetrics.js';
import { EXTENDED_METRIC_IDS, extendedMetrics } from './extendedMetrics.js';
import { denseMlp, gradient, randomMatrix } from './__fixtures__/closedFormModels.js';

describe('extendedMetrics registry', () => {
  const model = denseMlp([4, 6, 3], 8);
  const x = randomMatrix(5, 4, 60);
  const targets = new Int32Array([0, 1, 2, 0, 1]);
  const attributions = gradient(model, x, targets);

  it('lists every id once, with info whose id matches and notes on floor and null', () => {
    expect(new Set(EXTENDED_METRIC_IDS).size).toBe(EXTENDED_METRIC_IDS.length);
    expect(Object.keys(extendedMetrics).sort()).toEqual([...EXTENDED_METRIC_IDS].sort());
    // ExtendedMetricId is the registry's keys (typecheck fails otherwise)
    const ids: ExtendedMetricId[] = ['SPARSENESS', 'INPUT_INVARIANCE'];
    // @ts-expect-error not a key of the registry
    const notOne: ExtendedMetricId = 'SPARSITY';
    expect([...ids, notOne].every((id) => typeof id === 'string')).toBe(true);
    for (const id of EXTENDED_METRIC_IDS) {
      const { info } = extendedMetrics[id];
      expect(info.id).toBe(id);
      expect(info.reference.length).toBeGreaterThan(10);
      expect(info.nullNote).toMatch(info.nullMeaningful ? /^meaningful/ : /^not meaningful/);
    }
  });

  it('every runner accepts (model, x, attributions, targets, explain, options) and returns n values', () => {
    const groundTruth = fromRows([[1, 2, 3, 4]]);
    for (const id of EXTENDED_METRIC_IDS) {
      const options = extendedMetrics[id].info.requires.includes('ground-truth')
        ? { groundTruth }
        : id.startsWith('ROAD')
          ? { background: randomMatrix(50, 4, 61) }
          : {};
      const r = extendedMetrics[id].run(model, x, attributions, targets, gradient, options);
      expect(r.values.length).toBe(5);
      expect(r.count + r.undefinedIndices.length).toBe(5);
    }
  });

  it('the runner equals the named function and passes options through their checks', () => {
    const a = extendedMetrics.INFIDELITY.run(model, x, attributions, targets, undefined, { seed: 3, samples: 5 });
    const b = extendedMetrics.INFIDELITY.evaluate({ x, attributions, model, targets }, { seed: 3, samples: 5 });
    expect(a.values).toEqual(b.values);
    expect(() => extendedMetrics.COMPLEXITY.run(undefined, x, attributions, undefined, undefined, { bogus: 1 })).toThrow(/BAD_OPTION/);
    expect(() => extendedMetrics.MAX_SENSITIVITY.run(model, x, attributions, targets)).toThrow(/BAD_INPUT.*explain/);
  });
});
