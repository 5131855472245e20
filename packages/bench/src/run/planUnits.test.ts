import { describe, expect, it } from 'vitest';
import { dispatchOrder, planUnits, selectShard } from './planUnits.js';

const plan = planUnits({
  datasets: [
    { id: 'synthetic', instances: 25 },
    { id: 'adult', instances: 10 },
  ],
  models: ['lr', 'ann'],
  explainers: ['grad', 'lime'],
  floors: ['floor-global'],
  blockSize: 10,
});

describe('planUnits', () => {
  it('covers every instance of every dataset x model x explainer exactly once', () => {
    // 25 instances -> blocks of 10, 10, 5; 10 instances -> one block.
    expect(plan).toHaveLength(2 * 3 * 3 + 2 * 3 * 1);
    const covered = new Map<string, number>();
    for (const u of plan) {
      const key = `${u.dataset}/${u.model}/${u.explainer}`;
      covered.set(key, (covered.get(key) ?? 0) + (u.end - u.start));
    }
    expect(covered.get('synthetic/ann/lime')).toBe(25);
    expect(covered.get('adult/lr/floor-global')).toBe(10);
    expect(plan.find((u) => u.explainer === 'floor-global')?.kind).toBe('floor');
    expect(new Set(plan.map((u) => u.id)).size).toBe(plan.length);
  });
  it('shards partition the plan', () => {
    const a = selectShard(plan, { index: 1, count: 3 });
    const b = selectShard(plan, { index: 2, count: 3 });
    const c = selectShard(plan, { index: 3, count: 3 });
    const ids = [...a, ...b, ...c].map((u) => u.id).sort();
    expect(ids).toEqual(plan.map((u) => u.id).sort());
    expect(Math.max(a.length, b.length, c.length) - Math.min(a.length, b.length, c.length)).toBeLessThanOrEqual(1);
    expect(selectShard(plan, null)).toEqual(plan);
  });
  it('dispatches expensive units first without losing any', () => {
    const order = dispatchOrder(plan);
    expect(order[0]?.explainer).toBe('lime');
    expect(order[0]?.model).toBe('ann');
    expect([...order].map((u) => u.id).sort()).toEqual(plan.map((u) => u.id).sort());
  });
  it('rejects a bad block size', () => {
    expect(() => planUnits({ datasets: [], models: [], explainers: [], blockSize: 0 })).toThrow(/BAD_OPTION.*blockSize/);
  });
});
