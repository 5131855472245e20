// The stability loop (early exit in candidate rounds, per-row targets, feature units, model
// boundary) and the prediction gap give, on a fixed seeded case, the outputs recorded in
// __fixtures__/recordedOutputs.json.
import { describe, expect, it } from 'vitest';
import { createRng, matrix } from '@xai/core';
import type { FeatureSchema, Matrix } from '@xai/core';
import recorded from './__fixtures__/recordedOutputs.json' with { type: 'json' };
import { gradientExplainer, noisyGradientExplainer } from './__fixtures__/explainers.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { predictionGaps } from './predictionGap/predictionGaps.js';
import { relativeStability } from './stability/relativeStability.js';

type Stab = { RIS: (number | null)[]; RRS: (number | null)[]; ROS: (number | null)[]; counts: number[]; noise: (number | null)[] | null };
type Gaps = { PGI: number[]; PGU: number[] };
const prev = recorded as unknown as Record<string, Stab | Gaps | number[]>;
// JSON turns NaN into null.
const js = (v: ArrayLike<number>): (number | null)[] => Array.from(v, (a) => (Number.isNaN(a) ? null : a));

function um(n: number, d: number, seed: number): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillUniform(m.data);
  return m;
}

describe('identical to the recorded outputs on a fixed case', () => {
  const d = 6;
  const W1 = [
    [1, -2, 0.5, 1, 0.3, -0.7],
    [0.4, 1, -1, 0.2, -0.5, 0.9],
    [-1, 0.3, 0.8, -0.6, 1.1, 0.2],
  ];
  const model = tinyMlp(
    W1,
    [0.1, -0.2, 0.05],
    [
      [1, -1, 0.5],
      [-0.5, 0.8, -1],
    ],
    [0.02, -0.03],
  );
  const x = um(9, d, 5);
  // Column 3 a lone 0/1 column, columns 4-5 a one-hot group.
  for (let i = 0; i < 9; i++) {
    x.data[i * d + 3] = i % 2;
    x.data[i * d + 4] = i % 3 === 0 ? 1 : 0;
    x.data[i * d + 5] = i % 3 === 0 ? 0 : 1;
  }
  const schema: FeatureSchema = {
    names: ['a', 'b', 'c', 'd', 'e', 'f'],
    kinds: ['continuous', 'continuous', 'continuous', 'discrete', 'discrete', 'discrete'],
    groups: [[4, 5]],
  };

  it('the case is the captured one', () => {
    expect(Array.from(x.data)).toEqual(prev.x);
  });

  for (const preset of ['default', 'openxai', 'paper'] as const) {
    for (const [name, make] of [
      ['grad', () => gradientExplainer()],
      ['noisy', () => noisyGradientExplainer(0.05)],
    ] as const) {
      it(`${preset} / ${name}: RIS, RRS, ROS, neighbour counts and explainer noise`, () => {
        // Several first-round chunk sizes: the kept neighbours must not depend on the rounds.
        for (const candidateChunk of [undefined, 7, 200]) {
          const opts = {
            preset,
            candidates: 200,
            neighbours: 30,
            sigma: 0.05,
            seed: 7,
            blockSize: 4,
            flipProbability: 0.2,
            ...(candidateChunk !== undefined ? { candidateChunk } : {}),
          };
          const r = relativeStability({ x, model, explainer: make(), schema }, opts);
          const p = prev[`${preset}/${name}`] as Stab;
          expect(js(r.RIS.values)).toEqual(p.RIS);
          expect(js(r.RRS!.values)).toEqual(p.RRS);
          expect(js(r.ROS.values)).toEqual(p.ROS);
          expect(Array.from(r.diagnostics.neighbourCounts)).toEqual(p.counts);
          expect(r.diagnostics.explainerNoise === null ? null : js(r.diagnostics.explainerNoise.values)).toEqual(p.noise);
        }
      });
    }
    it(`${preset}: PGI and PGU with a lone discrete column and a one-hot group`, () => {
      const e = gradientExplainer().explain(model, x);
      const g = predictionGaps({ x, attributions: e, model, schema }, { preset, samples: 40, seed: 3, sigma: 0.2, flipProbability: 0.3 });
      const p = prev[`${preset}/gaps`] as Gaps;
      expect(Array.from(g.PGI.values)).toEqual(p.PGI);
      expect(Array.from(g.PGU.values)).toEqual(p.PGU);
    });
  }
});
