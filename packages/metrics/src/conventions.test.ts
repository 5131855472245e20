// Conventions shared by every public function: unknown option keys are BAD_OPTION (with a
// did-you-mean), 0 rows are EMPTY (not NaN), a wrong-width attribution matrix blames the
// attributions; and the signed rank-agreement variant of RC / PRA.
import { describe, expect, it } from 'vitest';
import { createRng, isXaiError, matrix } from '@xai/core';
import type { Matrix } from '@xai/core';
import { gradientExplainer } from './__fixtures__/explainers.js';
import { tinyLr } from './__fixtures__/tinyLr.js';
import { fa } from './groundTruth/fa.js';
import { metrics } from './metrics.js';
import { pgi } from './predictionGap/pgi.js';
import { pgu } from './predictionGap/pgu.js';
import { pra } from './groundTruth/pra.js';
import { predictionGaps } from './predictionGap/predictionGaps.js';
import { ra } from './groundTruth/ra.js';
import { rc } from './groundTruth/rc.js';
import { relativeStability } from './stability/relativeStability.js';
import { ris } from './stability/ris.js';
import { ros } from './stability/ros.js';
import { rrs } from './stability/rrs.js';
import { sa } from './groundTruth/sa.js';
import { sra } from './groundTruth/sra.js';
import { subgroupComparison } from './fairness/subgroupComparison.js';

function um(n: number, d: number, seed: number): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillUniform(m.data);
  return m;
}
function thrown(f: () => unknown): { code: string; message: string; details: Record<string, unknown> } {
  try {
    f();
  } catch (err) {
    expect(isXaiError(err)).toBe(true);
    return err as never;
  }
  throw new Error('expected a throw');
}

const model = tinyLr([1, -2, 0.5], 0.1);
const x = um(4, 3, 1);
const attributions = um(4, 3, 2);
const groundTruth = um(1, 3, 3);
const explainer = gradientExplainer();
const all = { x, attributions, model, groundTruth, explainer };

describe('unknown option keys are BAD_OPTION at every public function', () => {
  const cases: [string, (o: never) => unknown][] = [
    ['pgi', (o) => pgi(all, o)],
    ['pgu', (o) => pgu(all, o)],
    ['predictionGaps', (o) => predictionGaps(all, o)],
    ['fa', (o) => fa(all, o)],
    ['ra', (o) => ra(all, o)],
    ['sa', (o) => sa(all, o)],
    ['sra', (o) => sra(all, o)],
    ['rc', (o) => rc(all, o)],
    ['pra', (o) => pra(all, o)],
    ['ris', (o) => ris(all, o)],
    ['rrs', (o) => rrs(all, o)],
    ['ros', (o) => ros(all, o)],
    ['relativeStability', (o) => relativeStability(all, o)],
    ['subgroupComparison', (o) => subgroupComparison(new Float64Array([1, 2, 3, 4]), [0, 0, 1, 1], o)],
    ['metrics.FA.evaluate', (o) => metrics.FA.evaluate(all, o)],
    ['metrics.RIS.evaluate', (o) => metrics.RIS.evaluate(all, o)],
  ];
  for (const [fn, run] of cases) {
    it(fn, () => {
      const e = thrown(() => run({ sed: 1 } as never));
      expect(e.code).toBe('BAD_OPTION');
      expect(e.details.fn).toBe(fn);
      expect(e.details.arg).toBe('options.sed');
    });
  }
  it("relativeStability({ neighbors: 3 }) names 'neighbours'", () => {
    const e = thrown(() => relativeStability(all, { neighbors: 3 } as never));
    expect(e.code).toBe('BAD_OPTION');
    expect(e.message).toContain("did you mean 'neighbours'");
  });
  it("the registry accepts the union of the metrics' keys and passes each its own", () => {
    const shared = { preset: 'openxai', seed: 1, k: 2, neighbours: 5, candidates: 20, ranking: 'signed' } as const;
    expect(metrics.FA.evaluate(all, shared).mean).toBe(fa(all, { preset: 'openxai', k: 2 }).mean);
    expect(metrics.RC.evaluate(all, shared).mean).toBe(rc(all, { preset: 'openxai', ranking: 'signed' }).mean);
    expect(Array.from(metrics.RIS.evaluate(all, shared).values)).toEqual(
      Array.from(ris(all, { preset: 'openxai', seed: 1, neighbours: 5, candidates: 20 }).values),
    );
  });
});

describe('API cases', () => {
  const none = { rows: 0, cols: 3, data: new Float64Array(0) };
  it('0 rows -> EMPTY (not NaN)', () => {
    for (const f of [
      () => pgi({ ...all, x: none, attributions: none }),
      () => fa({ attributions: none, groundTruth, x: none }),
      () => rc({ x: none, attributions: none, groundTruth }),
      () => ris({ ...all, x: none }),
    ]) {
      expect(thrown(f).code).toBe('EMPTY');
    }
  });
  it('a wrong-width attribution matrix blames input.attributions, not input.x', () => {
    const wide = um(4, 5, 9);
    for (const f of [
      () => pgi({ ...all, attributions: wide }),
      () => fa({ ...all, attributions: wide }),
      () => relativeStability({ ...all, attributions: wide }, { useGivenAttributions: true }),
    ]) {
      const e = thrown(f);
      expect(e.code).toBe('SHAPE_MISMATCH');
      expect(e.details.arg).toBe('input.attributions');
    }
  });
});

describe("signed rank agreement (Quantus) beside OpenXAI's ranking by magnitude", () => {
  const g = { rows: 1, cols: 5, data: new Float64Array([3, -1, 0.5, 2, -4]) };
  const inverse = { rows: 1, cols: 5, data: g.data.map((v) => -v) };
  const gin = (attributions: Matrix) => ({ x: um(1, 5, 5), attributions, groundTruth: g });
  it('a signed inverse explanation: RC = -1 with ranking signed, 1 by magnitude (every preset)', () => {
    for (const preset of ['default', 'openxai', 'paper'] as const) {
      expect(rc(gin(inverse), { preset }).mean).toBeCloseTo(1, 12);
      expect(rc(gin(inverse), { preset, ranking: 'signed' }).mean).toBeCloseTo(-1, 12);
      expect(rc(gin(g), { preset, ranking: 'signed' }).mean).toBeCloseTo(1, 12);
    }
  });
  it('PRA: every pair reversed -> 0 signed, 1 by magnitude', () => {
    for (const preset of ['default', 'openxai'] as const) {
      expect(pra(gin(inverse), { preset }).mean).toBe(1);
      expect(pra(gin(inverse), { preset, ranking: 'signed' }).mean).toBe(0);
    }
  });
  it('signed Spearman equals the Pearson correlation of the ranks of the values, by brute force', () => {
    const a = { rows: 1, cols: 5, data: new Float64Array([0.2, -0.9, 0.4, 1.5, -0.1]) };
    // Ranks (ascending) of a: [3, 1, 4, 5, 2]; of g: [5, 2, 3, 4, 1].
    const ra5 = [3, 1, 4, 5, 2];
    const rg5 = [5, 2, 3, 4, 1];
    const m = 3;
    const num = ra5.reduce((s, v, j) => s + (v - m) * (rg5[j]! - m), 0);
    const den = Math.sqrt(ra5.reduce((s, v) => s + (v - m) ** 2, 0) * rg5.reduce((s, v) => s + (v - m) ** 2, 0));
    expect(rc(gin(a), { ranking: 'signed' }).mean).toBeCloseTo(num / den, 12);
    expect(thrown(() => rc(gin(a), { ranking: 'sign' as never })).code).toBe('BAD_OPTION');
  });
});
