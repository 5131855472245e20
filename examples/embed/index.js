// Embed in another toolkit: everything in memory, no CLI and no files. Data with known
// ground truth (SynthGauss), an ANN trained here, two explainers, metrics scored beside a
// floor (a shortcut explainer that ignores the instance) and a null (attributions permuted
// across features).
import { rowBlock } from '@xai/core';
import { generateSynthGauss } from '@xai/synth';
import { createAnn, trainModel } from '@xai/models';
import { createExplainer } from '@xai/explainers';
import { fa, pgi, rc } from '@xai/metrics';
import { floorExplainers, permutedNullAttributions } from '@xai/audit/controls';

const data = generateSynthGauss({ variant: 'paper', nPerCluster: 200, seed: 3 });
const model = createAnn(data.schema.names.length, { seed: 0 });
const report = trainModel(
  model,
  { train: data.train, validation: data.validation, test: data.test },
  { epochs: 30, batchSize: 32, learningRate: 0.003, seed: 0 },
);
console.log(
  `ANN accuracy: validation ${report.accuracy.validation?.toFixed(3)}, test ${report.accuracy.test?.toFixed(3)} (epoch ${report.bestEpoch})`,
);

const n = 100;
const x = rowBlock(data.test.x, 0, n);
const groundTruth = rowBlock(data.groundTruth.test, 0, n);
const explainers = [
  createExplainer('grad', { preset: 'default', seed: 0 }),
  createExplainer('shap', { preset: 'default', seed: 0, train: data.train.x }),
  ...floorExplainers({ train: data.train.x, model }),
];
const results = {};
for (const explainer of explainers) {
  const attributions = explainer.explain(model, x);
  const nullAttributions = permutedNullAttributions(attributions, 0);
  const score = (a) => ({
    FA: fa({ x, attributions: a, groundTruth }).mean,
    RC: rc({ x, attributions: a, groundTruth }).mean,
    PGI: pgi({ x, attributions: a, model }, { seed: 0 }).mean,
  });
  results[explainer.id] = { value: score(attributions), null: score(nullAttributions) };
  const v = results[explainer.id];
  console.log(
    `${explainer.id.padEnd(15)} FA ${v.value.FA.toFixed(3)} (null ${v.null.FA.toFixed(3)})  RC ${v.value.RC.toFixed(3)} (null ${v.null.RC.toFixed(3)})  PGI ${v.value.PGI.toFixed(4)} (null ${v.null.PGI.toFixed(4)})`,
  );
}
console.log(JSON.stringify(results));
