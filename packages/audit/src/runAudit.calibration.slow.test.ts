// The full calibration check of the family-wise rule (pnpm test:slow): about five times the work
// of the quick form in runAudit.test.ts, for the power to see a 5 % false-alarm rate.
import { describe, expect, it } from 'vitest';
import { calibrationRun } from '../test/calibrationRun.js';
import { PROBE_NAMES } from './probes/defaultProbes.js';

describe('runAudit calibration (slow)', () => {
  it('over 100 random-label corpora at most 5 % have any probe firing (family-wise), every probe <= 5 %', () => {
    const { anyFire, fires, looser } = calibrationRun(100);
    for (const name of PROBE_NAMES) expect(fires.get(name), name).toBeLessThanOrEqual(5);
    expect(anyFire).toBeLessThanOrEqual(5);
    expect(looser).toBe(0);
  });
});
