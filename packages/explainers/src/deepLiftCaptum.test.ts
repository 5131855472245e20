import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deepLiftExplainer } from './deepLiftExplainer.js';
import type { JsonLayer } from './__fixtures__/denseStack.js';
import { denseStack } from './__fixtures__/denseStack.js';

interface CaptumCase {
  readonly name: string;
  readonly head: 'logit' | 'value' | 'probability';
  readonly layers: JsonLayer[];
  readonly x: number[][];
  readonly baseline: number[] | null;
  readonly targets: number[];
  /** False: the script took the predicted class (output 0 for a value model), as our default targets do. */
  readonly targetsGiven: boolean;
  readonly attributions: number[][];
  readonly outputDelta: number[];
}

// Captum's DeepLift rescale rule re-run in torch by src/__fixtures__/captumDeepLift.py.
const fixture = JSON.parse(readFileSync(new URL('./__fixtures__/captumDeepLift.json', import.meta.url), 'utf8')) as {
  cases: CaptumCase[];
};

/** Largest |ours − theirs| / max(|theirs|, 1e-12 + max|theirs| of the row) over a case. */
function relativeError(ours: Float64Array, theirs: number[][]): number {
  const d = theirs[0]!.length;
  let worst = 0;
  theirs.forEach((row, i) => {
    const scale = Math.max(...row.map(Math.abs), 1e-12);
    row.forEach((v, j) => {
      worst = Math.max(worst, Math.abs(ours[i * d + j]! - v) / scale);
    });
  });
  return worst;
}

describe("deepLiftExplainer against Captum's DeepLift (rescale rule re-run in torch)", () => {
  for (const c of fixture.cases) {
    it(`${c.name}: ≤ 1e-6 relative, summing to the output change`, () => {
      const model = denseStack(c.layers, c.head === 'value');
      const n = c.x.length;
      const d = c.x[0]!.length;
      const x = { rows: n, cols: d, data: Float64Array.from(c.x.flat()) };
      const explainer = deepLiftExplainer({
        ...(c.baseline === null ? {} : { baseline: c.baseline }),
        output: c.head === 'probability' ? 'probability' : 'logit',
      });
      const a = explainer.explain(model, x, c.targetsGiven ? { targets: Int32Array.from(c.targets) } : undefined).data;
      expect(relativeError(a, c.attributions)).toBeLessThanOrEqual(1e-6);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < d; j++) s += a[i * d + j]!;
        expect(Math.abs(s - c.outputDelta[i]!)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(c.outputDelta[i]!)));
      }
    });
  }

  it('covers logits, regression values and the binary probability', () => {
    expect(new Set(fixture.cases.map((c) => c.head))).toEqual(new Set(['logit', 'value', 'probability']));
  });
});
