import { describe, expect, it } from 'vitest';
import { createEtaEstimator } from './etaEstimator.js';
import { planUnits, unitCost } from './planUnits.js';

describe('createEtaEstimator', () => {
  const units = planUnits({ datasets: [{ id: 'synthetic', instances: 40 }], models: ['ann'], explainers: ['grad', 'lime'], blockSize: 10 });
  const grad = units.filter((u) => u.explainer === 'grad');
  const lime = units.filter((u) => u.explainer === 'lime');

  it("costs remaining units at their own explainer's measured seconds per instance", () => {
    const eta = createEtaEstimator(units, 2);
    expect(eta.eta()).toBeNaN();
    eta.done(grad[0]!, 1); // 0.1 s per grad instance
    eta.done(lime[0]!, 30); // 3 s per lime instance: the static table (24 vs 1.5) would say 1.6 s
    // Left: 3 grad blocks (3 x 10 x 0.1 s) + 3 lime blocks (3 x 10 x 3 s), on 2 workers.
    expect(eta.eta()).toBeCloseTo((3 + 90) / 2, 10);
  });

  it('an explainer not measured yet borrows the measured seconds per unit of static cost', () => {
    const eta = createEtaEstimator(units, 1);
    eta.done(grad[0]!, 2);
    const perCost = 2 / unitCost(grad[0]!);
    const expected = 3 * 2 + lime.reduce((s, u) => s + perCost * unitCost(u), 0);
    expect(eta.eta()).toBeCloseTo(expected, 10);
  });

  it('reaches 0 when everything is done', () => {
    const eta = createEtaEstimator(grad, 2);
    for (const u of grad) eta.done(u, 1);
    expect(eta.eta()).toBe(0);
  });
});
