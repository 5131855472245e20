import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('example: swap in your own model', () => {
  it('LIME and IG on a plain function find the features the function uses, and PGI > PGU', () => {
    const out = execFileSync(process.execPath, ['index.js'], { cwd: new URL('.', import.meta.url) }).toString().trim().split('\n');
    const results = JSON.parse(out.at(-1));
    for (const id of ['lime', 'ig']) {
      const r = results[id];
      // features 0 and 2 carry the signal; 1 and 3 are ignored by the function
      expect(Math.min(r.meanAbs[0], r.meanAbs[2])).toBeGreaterThan(5 * Math.max(r.meanAbs[1], r.meanAbs[3]));
      expect(r.PGI).toBeGreaterThan(r.PGU);
      expect(Number.isFinite(r.RIS)).toBe(true);
    }
  });
});
