import { describe, expect, it } from 'vitest';
import { auditEnvelope, rangeSummary } from './auditEnvelope.js';
import { formatEnvelope } from './formatEnvelope.js';

describe('auditEnvelope', () => {
  it('R = 5, 20, 100 rebuilds give nested (widening) ranges, printed as ranges', () => {
    // A partial id-shape cue, as in the post: the rule fires on part of each corpus.
    const run = (R: number) =>
      auditEnvelope({ rebuilds: R, corpus: { items: 150, cues: { 'id-shape': 0.45 } }, audit: { permutations: 20 } });
    const envs = [run(5), run(20), run(100)];
    const idShape = envs.map((e) => e.probes.find((p) => p.name === 'id-shape')!);
    for (let i = 1; i < 3; i++) {
      for (const key of ['covered', 'accuracy'] as const) {
        expect(idShape[i]![key].min).toBeLessThanOrEqual(idShape[i - 1]![key].min);
        expect(idShape[i]![key].max).toBeGreaterThanOrEqual(idShape[i - 1]![key].max);
      }
    }
    // strictly wider somewhere between 5 and 100 rebuilds
    expect(idShape[2]!.covered.max - idShape[2]!.covered.min).toBeGreaterThan(idShape[0]!.covered.max - idShape[0]!.covered.min);
    expect(idShape[2]!.fired).toBe(100);
    expect(envs[2]!.anyFired).toBe(100); // the id-shape rule fires in every rebuild
    for (const e of envs) expect(e.anyFired).toBeGreaterThanOrEqual(Math.max(...e.probes.map((p) => p.fired)));
    expect(envs[2]!.corpusIds).toHaveLength(100);
    expect(new Set(envs[2]!.corpusIds).size).toBe(100);
    expect(envs[0]!.corpusIds).toEqual(envs[2]!.corpusIds.slice(0, 5)); // prefix: that is why they nest
    const text = formatEnvelope(envs[1]!);
    const c = idShape[1]!.covered;
    expect(text).toContain(`${c.min}–${c.max} of 150`);
    expect(text).toMatch(/Ranges, not point estimates/);
    expect(text).toContain('20 of 20 rebuilds had at least one probe firing');
  });

  it('rangeSummary gives min, quantiles (R-7) and max', () => {
    const r = rangeSummary([4, 1, 3, 2, 5, Number.NaN]);
    expect(r).toMatchObject({ min: 1, q25: 2, q50: 3, q75: 4, max: 5 });
    expect(r.q05).toBeCloseTo(1.2, 12); // (5 - 1) * 0.05 = 0.2 -> 1 + 0.2 * (2 - 1)
  });

  it('rejects a non-positive rebuild count', () => {
    expect(() => auditEnvelope({ rebuilds: 0 })).toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
  });
});
