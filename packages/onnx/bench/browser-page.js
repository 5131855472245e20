// Bundled by bench/browser-check.mjs for a real Chromium page: the root entry of @xai/onnx
// with onnxruntime-web (WASM) loading fixtures over HTTP.
import * as ort from 'onnxruntime-web';
import { loadOnnxModelAsync } from '../dist/index.js';

ort.env.wasm.wasmPaths = '/wasm/';
ort.env.wasm.numThreads = 1;

const get = async (path) => new Uint8Array(await (await fetch(path)).arrayBuffer());
const mat = (rows) => ({ rows: rows.length, cols: rows[0].length, data: Float64Array.from(rows.flat()) });
const maxDiff = (m, e) => Math.max(...e.flatMap((r, i) => r.map((v, j) => Math.abs(m.data[i * m.cols + j] - v))));

async function main() {
  const out = {};
  for (const name of ['mlp_relu', 'mlp_tanh', 'trees']) {
    const ref = await (await fetch(`/fixtures/${name}.json`)).json();
    const model = await loadOnnxModelAsync(await get(`/fixtures/${name}.onnx`), { runtime: ort, name: `${name}.onnx` });
    const x = mat(ref.x);
    const r = {
      backend: model.backend,
      gradientSource: model.gradientSource,
      asyncDiff: maxDiff(await model.predictProbaAsync(x), ref.probabilities),
    };
    try {
      r.syncDiff = maxDiff(model.predictProba(x), ref.probabilities);
      if (ref.gradient) r.gradientDiff = maxDiff(model.inputGradient(x, Int32Array.from(ref.targets)), ref.gradient);
    } catch (e) {
      r.syncError = `${e.code}: ${e.message}`;
    }
    out[name] = r;
  }
  // a float32 torch export with LayerNorm, GELU and residual blocks: exact gradients (float64 over its weights)
  const ref = await (await fetch('/fixtures/f32/ln_gelu_residual.json')).json();
  const model = await loadOnnxModelAsync(await get('/fixtures/f32/ln_gelu_residual.onnx'), { runtime: ort, name: 'ln_gelu_residual.onnx' });
  const x = mat(ref.x);
  const scale = Math.max(...ref.gradient64.flat().map(Math.abs));
  out.ln_gelu_residual = {
    backend: model.backend,
    gradientSource: model.gradientSource,
    syncDiff: maxDiff(model.predictProba(x), ref.probabilities64),
    gradientRelDiff: maxDiff(model.inputGradient(x, Int32Array.from(ref.targets)), ref.gradient64) / scale,
  };
  return out;
}

main().then(
  (r) => {
    window.__result = r;
  },
  (e) => {
    window.__result = { error: String(e?.stack ?? e) };
  },
);
