import { describe, expect, it } from 'vitest';
import { runUnits } from './workerPool.js';

const engine = new URL('../__fixtures__/sequenceEngine.ts', import.meta.url);

interface Seen {
  readonly id: string;
  readonly order: number;
  readonly overlapping: number;
}

/** Runs `count` units on `workers` threads; every unit's row as the worker reported it. */
async function run(count: number, workers: number, queued?: number): Promise<Seen[]> {
  const units = Array.from({ length: count }, (_, i) => ({ id: `u${i}` }));
  const seen: Seen[] = [];
  await runUnits({
    engine,
    payload: null,
    units,
    workers,
    ...(queued !== undefined ? { queued } : {}),
    onUnit: (_unit, rows) => seen.push(...(rows as unknown as Seen[])),
  });
  return seen;
}

describe('runUnits', () => {
  it('with a unit queued per worker, runs every unit once, one at a time on its thread', async () => {
    const seen = await run(24, 2, 1);
    expect(seen.map((s) => s.id).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `u${i}`).sort());
    // An async unit never shares its thread with the one queued behind it.
    expect(seen.every((s) => s.overlapping === 1)).toBe(true);
  });

  it('hands units out in dispatch order (one worker: it finishes them in that order)', async () => {
    for (const queued of [0, 1, 3]) {
      const seen = await run(9, 1, queued);
      expect(seen.map((s) => s.id)).toEqual(Array.from({ length: 9 }, (_, i) => `u${i}`));
      expect(seen.map((s) => s.order)).toEqual(Array.from({ length: 9 }, (_, i) => i));
    }
  });

  it('refuses an unknown option', () => {
    expect(() => runUnits({ engine, payload: null, units: [], workers: 1, onUnit: () => {}, queue: 1 } as never)).toThrow(/queue/);
  });
});
