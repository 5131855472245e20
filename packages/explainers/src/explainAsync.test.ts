import type { AsyncModel, AsyncPass, Matrix, Model } from '@xai/core';
import { asyncModel, createRng, matrix, row } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { createExplainer } from './createExplainer.js';
import { PREDICTION_ONLY_EXPLAINERS, explainAsync } from './explainAsync.js';
import { EXPLAINER_REGISTRY } from './explainerRegistry.js';
import type { ExplainerId } from './createExplainer.js';
import { gradientExplainer } from './gradientExplainer.js';
import { limeExplainer } from './limeExplainer.js';

// A 3-class model of 4 features that answers only predictions, synchronously and asynchronously.
const D = 4;
const W = [
  [1.5, -2, 0.3, 0],
  [-1, 0.5, 0.8, 0.2],
  [0.2, 1, -1.2, 0.6],
];
function probabilities(x: Matrix): Matrix {
  const out = matrix(x.rows, 3);
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    const z = W.map((w) => w.reduce((s, wj, j) => s + wj * r[j]!, 0));
    const m = Math.max(...z);
    const e = z.map((v) => Math.exp(v - m));
    const s = e[0]! + e[1]! + e[2]!;
    for (let k = 0; k < 3; k++) out.data[3 * i + k] = e[k]! / s;
  }
  return out;
}
const syncModel: Model = { inputDim: D, classes: 3, predictProba: probabilities };
const rowsSent: number[] = [];
const remote: AsyncModel = asyncModel(
  async (x: Matrix) => {
    rowsSent.push(x.rows);
    await new Promise((r) => setTimeout(r, 0));
    return probabilities(x);
  },
  { inputDim: D, classes: 3, batchRows: 2000 },
);

const rng = createRng(11);
const x = matrix(3, D);
rng.fillNormal(x.data);
const train = matrix(40, D);
rng.fillNormal(train.data);

/** Small settings, so every explainer runs in a moment. */
const SMALL: Partial<Record<ExplainerId, object>> = { lime: { samples: 300 }, shap: { samples: 64 }, permshap: { permutations: 4 } };

describe('explainAsync', () => {
  it('serves exactly the registry explainers that read predictions only', () => {
    expect(PREDICTION_ONLY_EXPLAINERS).toEqual(['control', 'shap', 'lime', 'shapley', 'permshap', 'occlusion']);
  });

  it.each(PREDICTION_ONLY_EXPLAINERS)('%s: the same bits as explain() on the synchronous model, each row sent once', async (id) => {
    const explainer = createExplainer(id as ExplainerId, { seed: 3, train, ...SMALL[id as ExplainerId] } as never);
    const expected = explainer.explain(syncModel, x);
    rowsSent.length = 0;
    const passes: AsyncPass[] = [];
    const got = await explainAsync(explainer, remote, x, { onPass: (p) => passes.push(p) });
    expect(Array.from(got.data)).toEqual(Array.from(expected.data));
    const last = passes.at(-1)!;
    // No row was asked for on a placeholder answer: the rows these explainers send do not depend on the answers.
    expect(last.unusedRows).toBe(0);
    expect(rowsSent.reduce((a, b) => a + b, 0)).toBe(last.answeredRows);
    expect(rowsSent.every((n) => n <= 2000)).toBe(true);
  });

  it('passes per-call options (targets) through, and explains a synchronous model directly', async () => {
    const lime = limeExplainer({ seed: 1, samples: 200 });
    const targets = Int32Array.from([2, 2, 0]);
    expect(Array.from((await explainAsync(lime, remote, x, { targets })).data)).toEqual(
      Array.from(lime.explain(syncModel, x, { targets }).data),
    );
    expect(await explainAsync(lime, syncModel, x)).toEqual(lime.explain(syncModel, x));
  });

  it('refuses an explainer that reads gradients, naming the ones it runs', async () => {
    expect(EXPLAINER_REGISTRY.grad.info.needs).toBe('gradients');
    await expect(explainAsync(gradientExplainer(), remote, x)).rejects.toThrow(
      /'grad' reads the model's gradients, and an async model answers predictions only; explainAsync runs control, shap, lime/,
    );
    await expect(explainAsync(limeExplainer(), remote, x, { target: [0] } as never)).rejects.toThrow(/did you mean 'targets'/);
  });

  it('names the adapters for rows of numbers and a bare function', async () => {
    await expect(explainAsync(limeExplainer(), remote, [[1, 2, 3, 4]] as never)).rejects.toThrow(/fromRows\(\) from @xai\/core/);
    await expect(explainAsync(limeExplainer(), ((r: unknown) => r) as never, x)).rejects.toThrow(/functionModel\(f, /);
    expect(() => limeExplainer().explain(remote as never, x)).toThrow(
      /answers asynchronously \(predictProbaAsync\): run it with explainAsync/,
    );
  });
});
