import { describe, expect, it } from 'vitest';
import { generateDemoClassification } from '../demo/generateDemoClassification.js';
import { bagOfWordsProbe } from '../learned/bagOfWordsProbe.js';
import { runAudit } from '../runAudit.js';

describe('power beside every result', () => {
  const report = runAudit(generateDemoClassification({ seed: 310, items: 300 }).items, {
    probes: [bagOfWordsProbe({ part: 'hypothesis' }), bagOfWordsProbe({ part: 'premise' })],
    decisionNull: 'across-items',
    permutations: 60,
  });
  it('each probe states the lift that fires it (bound + margin − null mean) and the lift seen at 80 % power (+ z0.8 · null sd)', () => {
    for (const p of report.probes) {
      expect(p.power!.liftToFire).toBeCloseTo(p.threshold + 0.02 - p.nullMean, 12);
      expect(p.power!.minimumDetectableLift).toBeCloseTo(p.power!.liftToFire + 0.8416212335729143 * p.nullSd, 12);
      expect(p.power!.power).toBe(0.8);
    }
  });
  it('the audit states its most sensitive probe, and a quiet summary says what it cannot rule out', () => {
    const best = Math.min(...report.probes.map((p) => p.power!.minimumDetectableLift));
    expect(report.power.minimumDetectableLift).toBe(best);
    expect(report.probes.some((p) => p.fires)).toBe(false);
    expect(report.summary).toContain(
      `Quiet at this size cannot rule out a cue below +${(best * 100).toFixed(1)} pt (${report.power.probe}`,
    );
  });
  it('a probe that cannot fire (too few covered items) states no power', () => {
    const tiny = runAudit(generateDemoClassification({ seed: 311, items: 12 }).items, {
      probes: [bagOfWordsProbe({ part: 'hypothesis' })],
      decisionNull: 'across-items',
      permutations: 20,
    });
    expect(Number.isNaN(tiny.probes[0]!.power!.minimumDetectableLift)).toBe(true);
    expect(Number.isNaN(tiny.power.minimumDetectableLift)).toBe(true);
  });
});
