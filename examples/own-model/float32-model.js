// A model that answers in float32, as ONNX Runtime and TensorFlow.js do: a plain object literal
// whose predictProba returns a Matrix over a Float32Array. No adapter needed: every explainer
// and metric converts and checks model outputs once at its boundary (core's checkedModel).
import { createRng, matrix } from '@xai/core';
import { createExplainer } from '@xai/explainers';
import { pgi } from '@xai/metrics';

const w = [2, -1, 0, 0.5];
const model = {
  inputDim: 4,
  classes: 2,
  predictProba(x) {
    const out = new Float32Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) {
      let z = 0;
      for (let j = 0; j < 4; j++) z += w[j] * x.data[i * 4 + j];
      const p = 1 / (1 + Math.exp(-z));
      out[2 * i] = 1 - p;
      out[2 * i + 1] = p;
    }
    return { rows: x.rows, cols: 2, data: out };
  },
};

const x = matrix(25, 4);
createRng(5).fillUniform(x.data);
const lime = createExplainer('lime', { preset: 'default', seed: 0 }).explain(model, x);
const score = pgi({ x, attributions: lime, model }, { seed: 0 });
console.log(JSON.stringify({ lime: Array.from(lime.data.subarray(0, 4)), pgi: score.mean, count: score.count }));
