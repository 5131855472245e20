// A TensorFlow.js model explained and scored: reading a tensor's values is asynchronous
// (`await tensor.data()`), so asyncModel makes the model an AsyncModel, and explainAsync /
// evaluateAsync run the explainers and metrics on it, sending the rows they need in batches.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { asyncModel, createRng, matrix } from '@xai/core';
import { createExplainer, explainAsync } from '@xai/explainers';
import { evaluateAsync, pgi } from '@xai/metrics';

await tf.setBackend('cpu');
const w = [2, -1, 0, 0.5];
const weights = tf.tensor2d(w, [4, 1]);

/** A logistic regression in TensorFlow.js: [1 − p, p] with p = σ(x·w). */
async function predict(x) {
  const probabilities = tf.tidy(() => {
    const p = tf.sigmoid(tf.matMul(tf.tensor2d(Float32Array.from(x.data), [x.rows, x.cols]), weights));
    return tf.concat([tf.sub(1, p), p], 1);
  });
  const data = await probabilities.data(); // a Float32Array, converted and checked once by asyncModel's caller
  probabilities.dispose();
  return { rows: x.rows, cols: 2, data };
}
const model = asyncModel(predict, { inputDim: 4, classes: 2, batchRows: 2048 });

const x = matrix(5, 4);
createRng(5).fillUniform(x.data);
const train = matrix(40, 4);
createRng(6).fillUniform(train.data);

const lime = createExplainer('lime', { preset: 'default', seed: 0 });
const shapley = createExplainer('shapley', { train });
const limeAttributions = await explainAsync(lime, model, x);
const shapleyAttributions = await explainAsync(shapley, model, x);
const score = await evaluateAsync(pgi, { x, attributions: limeAttributions, model }, { seed: 0 });

// The same logistic regression in float64 JavaScript, synchronous, for comparison.
const twin = {
  inputDim: 4,
  classes: 2,
  predictProba(m) {
    const out = new Float64Array(m.rows * 2);
    for (let i = 0; i < m.rows; i++) {
      let z = 0;
      for (let j = 0; j < 4; j++) z += w[j] * m.data[i * 4 + j];
      out[2 * i + 1] = 1 / (1 + Math.exp(-z));
      out[2 * i] = 1 - out[2 * i + 1];
    }
    return { rows: m.rows, cols: 2, data: out };
  },
};
const twinShapley = shapley.explain(twin, x);
console.log(
  JSON.stringify({
    lime: Array.from(limeAttributions.data.subarray(0, 4)),
    shapley: Array.from(shapleyAttributions.data),
    twinShapley: Array.from(twinShapley.data),
    twinP: Array.from(twin.predictProba(x).data),
    pgi: score.mean,
    count: score.count,
  }),
);
tf.dispose(weights);
