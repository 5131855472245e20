// Swap in your own model: any function from a batch of rows to class probabilities becomes a
// Model; input gradients come from batched finite differences, so gradient explainers work too.
import { createRng, matrix, row } from '@xai/core';
import { functionModel } from '@xai/models';
import { createExplainer } from '@xai/explainers';
import { pgi, pgu, relativeStability } from '@xai/metrics';

// "Your" model: a hand-made scorer (think: a remote API or an ONNX session) over 5 features.
// Only features 0 and 2 matter; feature 4 enters through an interaction with feature 0.
function myScorer(rows) {
  return rows.map(([a, , c, , e]) => {
    const z = 4 * (a - 0.5) - 3 * (c - 0.5) + 2 * (a - 0.5) * (e - 0.5);
    const p = 1 / (1 + Math.exp(-z));
    return [1 - p, p];
  });
}

const d = 5;
const model = functionModel((x) => myScorer(Array.from({ length: x.rows }, (_, i) => Array.from(row(x, i)))), { inputDim: d, classes: 2 });

const train = matrix(500, d);
createRng(11).fillUniform(train.data);
const x = matrix(40, d);
createRng(12).fillUniform(x.data);

const explainers = {
  lime: createExplainer('lime', { preset: 'default', seed: 0, train }),
  ig: createExplainer('ig', { preset: 'default', seed: 0, train }),
};
const results = {};
for (const [id, explainer] of Object.entries(explainers)) {
  const attributions = explainer.explain(model, x);
  // mean |attribution| per feature: features 0 and 2 should dominate
  const meanAbs = Array.from({ length: d }, (_, j) => {
    let s = 0;
    for (let i = 0; i < x.rows; i++) s += Math.abs(attributions.data[i * d + j]);
    return s / x.rows;
  });
  const input = { x, attributions, model };
  const stability = relativeStability({ x: matrix(5, d, x.data.slice(0, 5 * d)), model, explainer }, { seed: 0, neighbours: 10 });
  results[id] = {
    meanAbs,
    PGI: pgi(input, { seed: 0 }).mean,
    PGU: pgu(input, { seed: 0 }).mean,
    RIS: stability.RIS.logMean,
  };
  console.log(
    `${id}: mean |a| = [${meanAbs.map((v) => v.toFixed(3)).join(', ')}]  PGI ${results[id].PGI.toFixed(4)}  PGU ${results[id].PGU.toFixed(4)}  RIS log-mean ${results[id].RIS.toFixed(2)}`,
  );
}
console.log(JSON.stringify(results));
