// The minimum detectable lift is what it says: a cue whose true lift equals it fires in about 80 % of corpora
// (pnpm test:slow). Corpora: generated classification data with a cue word per class in a share s of the
// hypotheses; the true lift at s is the mean observed lift over 40 corpora, read against the stated MDL.
import { describe, expect, it } from 'vitest';
import { generateDemoClassification } from './demo/generateDemoClassification.js';
import { bagOfWordsProbe } from './learned/bagOfWordsProbe.js';
import { runAudit } from './runAudit.js';

describe('minimum detectable lift (slow)', () => {
  it('at the cue strength whose mean lift equals the stated MDL, 60–95 % of corpora fire', () => {
    const grid = [0.12, 0.16, 0.2, 0.24, 0.28];
    const rows = grid.map((s, g) => {
      let fired = 0;
      let lift = 0;
      let mdl = 0;
      for (let k = 0; k < 40; k++) {
        const { items } = generateDemoClassification({ seed: 60_000 + 100 * g + k, items: 200, cues: { word: s } });
        const p = runAudit(items, { probes: [bagOfWordsProbe({ part: 'hypothesis' })], decisionNull: 'across-items', seed: k }).probes[0]!;
        if (p.fires) fired++;
        lift += p.lift / 40;
        mdl += p.power!.minimumDetectableLift / 40;
      }
      return { s, fired: fired / 40, lift, mdl };
    });
    const mdl = rows.reduce((a, r) => a + r.mdl, 0) / rows.length;
    const at = rows.findIndex((r) => r.lift >= mdl);
    expect(at, JSON.stringify(rows)).toBeGreaterThan(0);
    const [lo, hi] = [rows[at - 1]!, rows[at]!];
    const t = (mdl - lo.lift) / (hi.lift - lo.lift);
    const fireRate = lo.fired + t * (hi.fired - lo.fired);
    expect(fireRate, JSON.stringify(rows)).toBeGreaterThanOrEqual(0.6);
    expect(fireRate, JSON.stringify(rows)).toBeLessThanOrEqual(0.95);
  });
});
