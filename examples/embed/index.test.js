import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('example: embed in another toolkit', () => {
  it('real explainers beat their permuted null on PGI and agree with SynthGauss ground truth better than chance', () => {
    const out = execFileSync(process.execPath, ['index.js'], { cwd: new URL('.', import.meta.url) })
      .toString()
      .trim()
      .split('\n');
    const results = JSON.parse(out.at(-1));
    for (const id of ['grad', 'shap']) {
      expect(results[id].value.PGI).toBeGreaterThan(results[id].null.PGI);
      expect(results[id].value.RC).toBeGreaterThan(results[id].null.RC);
    }
    expect(Object.keys(results)).toEqual(expect.arrayContaining(['floor-global', 'floor-variance']));
  });
});
