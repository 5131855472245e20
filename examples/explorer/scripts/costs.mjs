// The cost per row of each explainer (explaining, and the stability metrics), relative to
// scoring one explainer's attributions (PGI + PGU on them and on their null): the weights of the
// page's progress bar (src/pipeline-info.js, rounded). `node scripts/costs.mjs [--rows 20]`.
import { rowBlock } from '@xai/core';
import { createExplainer } from '@xai/explainers';
import { pgi, pgu, relativeStability } from '@xai/metrics';
import { permutedNullAttributions } from '@xai/audit/controls';
import { EXPLAINERS, loadData, trainChosenModel } from '../src/pipeline.js';

const rowsAt = process.argv.indexOf('--rows');
const n = rowsAt > 0 ? Number(process.argv[rowsAt + 1]) : 20;
const data = loadData({ source: 'synth', seed: 0 });
const { model } = trainChosenModel(data, 'ann', 0);
const x = rowBlock(data.test.x, 0, n);

function msPerRow(rows, work) {
  const t = performance.now();
  work();
  return (performance.now() - t) / rows;
}

const grad = createExplainer('grad', { preset: 'default', seed: 0, train: data.train.x }).explain(model, x);
const scoreOnce = () => {
  for (const attributions of [grad, permutedNullAttributions(grad, 0)]) {
    pgi({ x, attributions, model }, { seed: 0 });
    pgu({ x, attributions, model }, { seed: 0 });
  }
};
scoreOnce(); // warm up (JIT), as the page's later steps are
const score = msPerRow(n, scoreOnce);
console.log(`SynthGauss, ANN, ${n} rows; scoring: ${score.toFixed(3)} ms per row (= 1)`);
console.log('explainer | explain ms/row | relative | stability ms/row | relative');
const few = rowBlock(x, 0, Math.min(5, n));
for (const e of EXPLAINERS) {
  const explainer = createExplainer(e.id, { preset: 'default', seed: 0, train: data.train.x });
  explainer.explain(model, rowBlock(x, 0, 2));
  let attributions;
  const explain = msPerRow(n, () => {
    attributions = explainer.explain(model, x);
  });
  const stability = msPerRow(few.rows, () =>
    relativeStability(
      { x: few, model, explainer, attributions: rowBlock(attributions, 0, few.rows) },
      { seed: 0, neighbours: 10, candidates: 100 },
    ),
  );
  const rel = (v) => (v / score).toFixed(1);
  console.log(`${e.label} | ${explain.toFixed(3)} | ${rel(explain)} | ${stability.toFixed(3)} | ${rel(stability)}`);
}
