// Web Worker: all computation happens here so the page never blocks, and the page cancels a
// job by terminating this worker. Messages in: { type: 'inspect', csvText, label, ignore, fileName }
// | { type: 'model', bytes, name } | { type: 'run', spec }. Out: { type: 'inspected', label } |
// { type: 'model', model: { kind, text } } | { type: 'progress', fraction, message, phase } |
// { type: 'result', result } | { type: 'error', error: { code, message, details } }.
import { kernelBackend } from '@xai/core';
import { treeFileKind, treeModelFromBytes } from '@xai/trees';
import { checkJobSpec } from './jobSpec.js';
import { describeLabel, readUserCsv } from './loadData.js';
import { explainAndScore, loadData, loadModelChoice, trainChosenModel } from './pipeline.js';

/** What an uploaded model file is: a tree ensemble (read whole, so a bad file is refused now) or an ONNX graph. */
function describeModelFile(bytes, name) {
  if (treeFileKind(bytes) !== null) return { kind: 'trees', text: treeModelFromBytes(bytes, { file: name }).describe() };
  if (/\.json$/i.test(name)) treeModelFromBytes(bytes, { file: name }); // throws: neither XGBoost JSON nor a tree graph
  return { kind: 'network', text: `${name}: an ONNX graph (${bytes.length} bytes), run on your CSV's raw columns` };
}

/** Share of the bar given to training (the rest is explaining and scoring, weighted by rows). */
const TRAIN_SHARE = 0.1;

function post(message) {
  self.postMessage(message);
}

function postError(e) {
  post({
    type: 'error',
    error: {
      name: e?.name ?? 'Error',
      code: e?.code ?? null,
      message: e instanceof Error ? e.message : String(e),
      details: e?.details ?? {},
    },
  });
}

/**
 * The models pick their kernels when made: 'simd' (WebAssembly SIMD) by default. A worker has
 * no process.env, so forcing the scalar JS kernels takes the stand-in the models read.
 */
function useKernels(kind) {
  if (kind === 'js') globalThis.process = { env: { XAI_KERNELS: 'js' } };
}

async function run(spec) {
  checkJobSpec(spec);
  useKernels(spec.kernels);
  const t0 = performance.now();
  const progress = (fraction, message, phase) => post({ type: 'progress', fraction, message, phase });
  progress(0, 'reading the data', 'load');
  if (spec.model === 'onnx') {
    const name = spec.onnxName ?? 'model.onnx';
    const { data, trained } = await loadModelChoice(loadData(spec), spec.onnxBytes, name);
    const gradients =
      trained.kind === 'trees'
        ? 'tree ensemble, no gradients'
        : trained.model.gradientSource === 'autodiff'
          ? 'exact gradients'
          : 'finite-difference gradients';
    progress(TRAIN_SHARE, `loaded ${name} (test accuracy ${trained.accuracy.test.toFixed(3)}, ${gradients}); explaining`, 'explain');
    const result = explainAndScore(data, trained, spec, (f, message) => progress(TRAIN_SHARE + (1 - TRAIN_SHARE) * f, message, 'explain'));
    const wallMs = performance.now() - t0;
    const extra = { model: 'onnx', modelName: name, gradients, kernels: kernelBackend(), warnings: data.warnings ?? [] };
    post({ type: 'result', result: { ...result, ...extra, wallMs, trainMs: 0, explainMs: wallMs } });
    return;
  }
  const data = loadData(spec);
  const what = spec.model === 'lr' ? 'logistic regression' : 'the neural network';
  progress(0.01, `training ${what} on ${data.train.x.rows} rows`, 'train');
  const trained = trainChosenModel(data, spec.model, spec.seed ?? 0, (epoch, epochs) =>
    progress(0.01 + (TRAIN_SHARE - 0.01) * (epoch / epochs), `training ${what}: epoch ${epoch}/${epochs}`, 'train'),
  );
  const trainMs = performance.now() - t0;
  progress(TRAIN_SHARE, `trained (test accuracy ${trained.accuracy.test.toFixed(3)}); explaining`, 'explain');
  const result = explainAndScore(data, trained, spec, (f, message) => progress(TRAIN_SHARE + (1 - TRAIN_SHARE) * f, message, 'explain'));
  const wallMs = performance.now() - t0;
  const timing = { wallMs, trainMs, explainMs: wallMs - trainMs };
  post({ type: 'result', result: { ...result, model: spec.model, kernels: kernelBackend(), warnings: data.warnings ?? [], ...timing } });
}

self.onmessage = (event) => {
  const { type } = event.data;
  try {
    if (type === 'inspect') {
      const { csvText, label, fileName, ignore } = event.data;
      // Missing cells are counted here, not refused: a tree model's job keeps them, the others refuse them naming the cell.
      const ds = readUserCsv(csvText, label, fileName, 0, ignore, 'nan');
      post({ type: 'inspected', label: { name: label, ...describeLabel(ds) } });
    } else if (type === 'model') post({ type: 'model', model: describeModelFile(event.data.bytes, event.data.name) });
    else if (type === 'run') run(event.data.spec).catch(postError);
  } catch (e) {
    postError(e);
  }
};
