// A regression model (one output, no probabilities): functionModel with output: 'value'.
// Explainers explain the value itself; PGI/PGU measure |Δf|.
import { createRng, matrix, row } from '@xai/core';
import { functionModel } from '@xai/models';
import { createExplainer } from '@xai/explainers';
import { pgi, pgu } from '@xai/metrics';

// f(x) = 3 x0 − 2 x1 + 0.5 x2 + 1 (x3 is ignored): a price model, say.
const w = [3, -2, 0.5, 0];
const model = functionModel((x) => Array.from({ length: x.rows }, (_, i) => [row(x, i).reduce((s, v, j) => s + w[j] * v, 1)]), {
  inputDim: 4,
  classes: 1,
  output: 'value',
});

const train = matrix(200, 4);
createRng(21).fillUniform(train.data);
const x = matrix(30, 4);
createRng(22).fillUniform(x.data);
const out = {};
for (const id of ['grad', 'ig', 'lime', 'shap']) {
  const a = createExplainer(id, { preset: 'default', seed: 0, train }).explain(model, x);
  out[id] = {
    row0: Array.from(a.data.subarray(0, 4)),
    PGI: pgi({ x, attributions: a, model }, { seed: 0 }).mean,
    PGU: pgu({ x, attributions: a, model }, { seed: 0 }).mean,
  };
}
const mean = Array.from({ length: 4 }, (_, j) => {
  let s = 0;
  for (let i = 0; i < train.rows; i++) s += train.data[i * 4 + j];
  return s / train.rows;
});
console.log(JSON.stringify({ ...out, x0: Array.from(x.data.subarray(0, 4)), trainMean: mean }));
