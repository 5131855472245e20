// The README's quickstart, runnable: node examples/quickstart.mjs (after `pnpm --filter @xai/onnx build`).
// Step 1 (export) is done here from TS so the script needs no Python; a torch user runs
// torch.onnx.export instead (see the README).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng, predictLabels } from '@xai/core';
import { createAnn } from '@xai/models';
import { gradientExplainer, limeExplainer } from '@xai/explainers';
import { loadOnnxModel, neuralModelToOnnx } from '../dist/node.js';

// 1. export: any ONNX file with one n x d float input works; here an ANN 20-100-100-2.
const file = join(tmpdir(), 'xai-quickstart-ann.onnx');
writeFileSync(file, neuralModelToOnnx(createAnn(20, { seed: 0 })));

// 2. load: a synchronous core Model (the interpreter: no runtime), discovery reported.
const model = loadOnnxModel(file, { threads: 1 });
console.log(model.discovered.outputName, model.discovered.output, model.discovered.mlp, model.gradientSource);

// 3. explain: exact reverse-mode gradients; LIME queries the same forward pass.
const data = new Float64Array(5 * 20);
createRng(1).fillUniform(data);
const x = { rows: 5, cols: 20, data };
const targets = predictLabels(model, x);
const grad = gradientExplainer().explain(model, x, { targets });
const lime = limeExplainer({ samples: 1000, seed: 0 }).explain(model, x, { targets });
console.log('gradient row 0', Array.from(grad.data.subarray(0, 4), (v) => v.toFixed(4)).join(' '));
console.log('LIME row 0    ', Array.from(lime.data.subarray(0, 4), (v) => v.toFixed(4)).join(' '));
model.dispose();
