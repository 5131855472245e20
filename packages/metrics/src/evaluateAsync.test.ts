import type { AsyncModel, AsyncPass, Explainer, Matrix, Model } from '@xai/core';
import { argmaxRows, asyncModel, matrix } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { denseMlp, randomMatrix } from './__fixtures__/closedFormModels.js';
import { evaluateAsync } from './evaluateAsync.js';
import { extendedMetrics } from './extendedMetrics.js';
import type { ExplainFn } from './extendedMetricTypes.js';
import { ALL_METRIC_IDS } from './metricCatalogue.js';
import { metrics } from './metrics.js';
import { pgi } from './predictionGap/pgi.js';
import { relativeStability } from './stability/relativeStability.js';

// A 3-class ReLU network of 5 features, seen as a model that answers only predictions: synchronously, and
// asynchronously in batches of 256 rows.
const D = 5;
const net = denseMlp([D, 6, 3], 4);
const syncModel: Model = { inputDim: D, classes: 3, predictProba: (x) => net.predictProba(x) };
const remote: AsyncModel = asyncModel(async (x: Matrix) => net.predictProba(x), { inputDim: D, classes: 3, batchRows: 256 });

/** Occlusion written out: a deterministic explainer that only queries predictions. */
function occlusion(m: Model, x: Matrix, targets: Int32Array): Matrix {
  const p = m.predictProba(x);
  const masked = matrix(x.rows * D, D);
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < D; j++) {
      masked.data.set(x.data.subarray(i * D, (i + 1) * D), (i * D + j) * D);
      masked.data[(i * D + j) * D + j] = 0;
    }
  const q = m.predictProba(masked);
  const out = matrix(x.rows, D);
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < D; j++) out.data[i * D + j] = p.data[3 * i + targets[i]!]! - q.data[3 * (i * D + j) + targets[i]!]!;
  return out;
}
const explain: ExplainFn = occlusion;
const explainer: Explainer = {
  id: 'occlusion-test',
  explain: (m, x, o) => occlusion(m, x, o?.targets ?? argmaxRows(m.predictProba(x))),
};

const x = randomMatrix(4, D, 9);
const train = randomMatrix(30, D, 10);
const attributions = occlusion(syncModel, x, argmaxRows(syncModel.predictProba(x)));
const groundTruth = randomMatrix(4, D, 12);
const OPTIONS: Record<string, object> = { ROAD_MORF: { background: train }, ROAD_LERF: { background: train } };

type Outcome = { readonly value: unknown } | { readonly code: string };
async function outcome(run: () => unknown): Promise<Outcome> {
  try {
    return { value: await run() };
  } catch (e) {
    return { code: (e as { code?: string }).code ?? String(e) };
  }
}

describe('evaluateAsync', () => {
  it('scores every metric as the metric does on a synchronous model with the same answers', async () => {
    const served: string[] = [];
    const refused: string[] = [];
    for (const id of ALL_METRIC_IDS) {
      const entry = (
        Object.hasOwn(metrics, id) ? metrics[id as keyof typeof metrics] : extendedMetrics[id as keyof typeof extendedMetrics]
      ) as {
        evaluate(input: object, options?: object): unknown;
      };
      const input = { x, attributions, groundTruth, explainer, explain };
      const options = OPTIONS[id] ?? {};
      const expected = await outcome(() => entry.evaluate({ ...input, model: syncModel }, options));
      const passes: AsyncPass[] = [];
      const got = await outcome(() => evaluateAsync(entry, { ...input, model: remote }, options, { onPass: (p) => passes.push(p) }));
      expect(got, id).toEqual(expected);
      ('value' in expected ? served : refused).push(id);
      // Which rows a metric asks for never depends on the answers here: one pass asks, the second computes.
      if ('value' in expected) expect([passes.length <= 2, passes.at(-1)?.unusedRows], id).toEqual([true, 0]);
    }
    // What a model that answers only predictions cannot serve, synchronous or not: hidden layers (RRS) and the
    // layers the randomisation metrics re-draw.
    expect(refused).toEqual(['RRS', 'MODEL_RANDOMISATION', 'EFFICIENT_MPRT', 'SMOOTH_MPRT']);
    expect(served.length).toBe(ALL_METRIC_IDS.length - 4);
  });

  it('takes metric functions and forwards their options', async () => {
    const expected = pgi({ x, attributions, model: syncModel }, { seed: 2, k: 2 });
    expect(await evaluateAsync(pgi, { x, attributions, model: remote }, { seed: 2, k: 2 })).toEqual(expected);
    const stability = await evaluateAsync(relativeStability, { x, model: remote, explainer }, { seed: 1 });
    expect(stability).toEqual(relativeStability({ x, model: syncModel, explainer }, { seed: 1 }));
  });

  it('names what is wrong', async () => {
    await expect(evaluateAsync(5 as never, { x, attributions, model: remote } as never)).rejects.toThrow(
      /expected a metric function or \{ evaluate \}/,
    );
    await expect(evaluateAsync(pgi, { x, attributions, model: remote }, {}, { onpass: () => 0 } as never)).rejects.toThrow(
      /did you mean 'onPass'/,
    );
    await expect(evaluateAsync(pgi, { x: [[1, 2, 3, 4, 5]] as never, attributions, model: remote })).rejects.toThrow(/fromRows\(\)/);
  });
});
