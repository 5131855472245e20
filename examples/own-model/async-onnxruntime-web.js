// A model served by onnxruntime-web (the browser's ONNX Runtime, here run in Node): its session.run
// answers with a Promise, so asyncModel makes it an AsyncModel, and explainAsync / evaluateAsync run
// the explainers and metrics on it, sending the rows they need in batches. The ONNX file here is an
// @xai/models network written by @xai/onnx, so the same network answers synchronously for comparison.
import * as ort from 'onnxruntime-web';
import { asyncModel, createRng, matrix } from '@xai/core';
import { createExplainer, explainAsync } from '@xai/explainers';
import { evaluateAsync, pgi } from '@xai/metrics';
import { createMlp } from '@xai/models';
import { neuralModelToOnnx } from '@xai/onnx';

const ann = createMlp(4, { hidden: [8], seed: 1 });
ort.env.wasm.numThreads = 1;
const session = await ort.InferenceSession.create(neuralModelToOnnx(ann));

const model = asyncModel(
  async (x) => {
    const feeds = { x: new ort.Tensor('float32', Float32Array.from(x.data), [x.rows, x.cols]) };
    const { probabilities } = await session.run(feeds, ['probabilities']);
    return { rows: x.rows, cols: 2, data: probabilities.data }; // a Float32Array: converted and checked once
  },
  { inputDim: 4, classes: 2, batchRows: 1024 },
);

const x = matrix(5, 4);
createRng(3).fillNormal(x.data);
const train = matrix(50, 4);
createRng(4).fillNormal(train.data);

const shap = createExplainer('shap', { seed: 0, train, samples: 64 });
const passes = [];
const attributions = await explainAsync(shap, model, x, { onPass: (p) => passes.push(p) });
const score = await evaluateAsync(pgi, { x, attributions, model }, { seed: 0 });

// The same explainer and metric on the network itself (float64, synchronous).
const reference = shap.explain(ann, x);
const referenceScore = pgi({ x, attributions: reference, model: ann }, { seed: 0 });
await session.release();
console.log(
  JSON.stringify({
    shap: Array.from(attributions.data),
    reference: Array.from(reference.data),
    pgi: score.mean,
    referencePgi: referenceScore.mean,
    passes,
  }),
);
