import { describe, expect, it } from 'vitest';
import type { Split } from '@xai/core';
import { createRng } from '@xai/core';
import { createLogisticRegression } from './createLogisticRegression.js';
import { trainModel } from './trainModel.js';
import { DEFAULT_TRAINING, trainingPreset } from './trainingPreset.js';
import { GRID, optionsOf, selectSettings } from '../bench/selectSettings.mjs';

/** Noisy linear labels: p(y = 1) = sigmoid(3·(x0 − x1)), so no setting fits perfectly. */
function noisy(seed: number, n: number): Split {
  const rng = createRng(seed);
  const x = new Float64Array(n * 3);
  rng.fillUniform(x);
  const y = Int32Array.from({ length: n }, (_, i) => (rng.uniform() < 1 / (1 + Math.exp(-3 * (x[3 * i]! - x[3 * i + 1]!))) ? 1 : 0));
  return { x: { rows: n, cols: 3, data: x }, y };
}

describe('default preset selection (bench/selectSettings.mjs)', () => {
  const grid = { learningRates: [0.01, 0.1], batchSizes: [16], weightDecays: [0.01], patiences: [2, 4], caps: [5, 15], tie: 1e-3 };
  const create = () => createLogisticRegression(3, { seed: 0 });

  it('never reads the test split', () => {
    const data = { train: noisy(1, 120), validation: noisy(2, 40) };
    Object.defineProperty(data, 'test', {
      get: () => {
        throw new Error('selection touched the test split');
      },
    });
    expect(() => selectSettings(data, { create, trainModel, grid })).not.toThrow();
  });

  it('picks the lowest validation loss, and the replayed (cap, patience) runs equal real runs', () => {
    const data = { train: noisy(1, 120), validation: noisy(2, 40) };
    const { settings, validationLoss, candidates } = selectSettings(data, { create, trainModel, grid });
    expect(candidates).toHaveLength(3 * 4); // 2 learning rates + 1 weight decay, × 2 caps × 2 patiences
    for (const c of candidates) {
      const r = trainModel(create(), data, optionsOf(c, c.epochs, c.patience));
      expect(r.loss.validation).toBe(c.loss);
      expect([r.bestEpoch, r.epochsRun]).toEqual([c.bestEpoch, c.epochsRun]);
    }
    const lowest = Math.min(...candidates.map((c) => c.loss));
    expect(validationLoss).toBeLessThanOrEqual(lowest * (1 + grid.tie));
    expect(grid.learningRates).toContain(settings.learningRate);
  });
});

describe('trainingPreset default', () => {
  it('every selected row is complete and within the documented grid', () => {
    for (const [name, byKind] of Object.entries(DEFAULT_TRAINING)) {
      for (const kind of ['lr', 'ann'] as const) {
        const row = byKind[kind];
        expect(GRID.batchSizes, `${name}/${kind}`).toContain(row.batchSize);
        expect(GRID.learningRates, `${name}/${kind}`).toContain(row.learningRate);
        expect([0, ...GRID.weightDecays], `${name}/${kind}`).toContain(row.weightDecay);
        expect(GRID.caps, `${name}/${kind}`).toContain(row.epochs);
        expect(GRID.patiences, `${name}/${kind}`).toContain(row.patience);
        expect(trainingPreset(name, kind, 'default')).toMatchObject({ ...row, optimizer: 'adam', selectBy: 'loss', seed: 0 });
      }
    }
  });

  it("'mlp' uses the ANN row; unknown datasets get the generic values", () => {
    const [name, byKind] = Object.entries(DEFAULT_TRAINING)[0]!;
    expect(trainingPreset(name, 'mlp', 'default')).toMatchObject(byKind.ann);
    expect(trainingPreset('no-such-dataset', 'ann', 'default')).toMatchObject({
      batchSize: 32,
      learningRate: 0.001,
      weightDecay: 0,
      epochs: 100,
      patience: 10,
    });
    expect(trainingPreset('ADULT', 'lr', 'default')).toEqual(trainingPreset('adult', 'lr', 'default'));
  });
});
