// Throughput of every explainer on an ANN-shaped model (d = 20, hidden 100-100 ReLU,
// softmax over 2 classes), batch of 1000 rows, one thread. Prints figures; not a test.
//   node bench/perf.mjs [--n 1000] [--only lime,shap] [--no-stability | --stability-only]
// The model below is a plain typed-array MLP (blocked dot-product kernels), so its own
// cost is counted; "model %" says how much of each run was spent inside the model.
import { createRng, substream } from '@xai/core';
import { createExplainer } from '../dist/index.js';
import { annModel } from './annModel.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const N = Number(arg('n', '1000'));
const only = arg('only', '')?.split(',').filter(Boolean);
const D = 20;
const H = 100;
const K = 2;

const model = annModel(1);
const rng = createRng(2);
const train = { rows: 2000, cols: D, data: new Float64Array(2000 * D) };
rng.fillUniform(train.data);
const x = { rows: Math.max(N, 1010), cols: D, data: new Float64Array(Math.max(N, 1010) * D) };
rng.fillUniform(x.data);

// Raw model cost for reference.
{
  const big = { rows: 20000, cols: D, data: new Float64Array(20000 * D) };
  rng.fillUniform(big.data);
  model.predictProba(big);
  let t = performance.now();
  model.predictProba(big);
  const fwd = 20000 / ((performance.now() - t) / 1000);
  const tg = new Int32Array(20000);
  model.inputGradient(big, tg);
  t = performance.now();
  model.inputGradient(big, tg);
  const grd = 20000 / ((performance.now() - t) / 1000);
  console.log(`model alone: predictProba ${fwd.toFixed(0)} rows/s, inputGradient ${grd.toFixed(0)} rows/s`);
}

// The Random control against its floor, in the same run: explaining n rows of width d
// should cost about as much as drawing n·d normals from one stream.
if (!only?.length || only.includes('control')) {
  const bestOf = (fn) => {
    for (let r = 0; r < 20; r++) fn(); // warm up the JIT
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0, spent = 0; r < 200 && spent < 1500; r++) {
      const t = performance.now();
      fn();
      const ms = performance.now() - t;
      spent += ms;
      best = Math.min(best, ms);
    }
    return best;
  };
  const control = createExplainer('control', { seed: 0 });
  for (const d of [D, 23]) {
    const n = 1000;
    const xr = { rows: n, cols: d, data: new Float64Array(n * d) };
    rng.fillUniform(xr.data);
    const m = {
      inputDim: d,
      classes: K,
      predictProba: () => {
        throw new Error('the control never queries the model');
      },
    };
    const buf = new Float64Array(n * d);
    const explainMs = bestOf(() => control.explain(m, xr));
    const fillMs = bestOf(() => substream(0, 'floor').fillNormal(buf, 0, 1, 0, n * d));
    const oneByOneMs = bestOf(() => {
      const r = substream(0, 'floor');
      for (let i = 0; i < n * d; i++) buf[i] = r.normal();
    });
    console.log(
      `control  d ${String(d).padStart(2)}: explain ${explainMs.toFixed(3)} ms per 1000 rows; one stream fillNormal of ${n * d} draws ${fillMs.toFixed(3)} ms (normal() one at a time ${oneByOneMs.toFixed(3)} ms); explain / fillNormal = ${(explainMs / fillMs).toFixed(2)}`,
    );
  }
}

// Every id of the package (new explainers included) at its default preset beside OpenXAI's.
const runs = [
  ['control', 'openxai', {}],
  ['grad', 'openxai', {}],
  ['grad', 'openxai', {}, 'targets given'],
  ['itg', 'openxai', {}],
  ['sg', 'openxai', {}],
  ['sg', 'paper', {}],
  ['ig', 'openxai', {}],
  ['ig', 'default', {}],
  ['lime', 'openxai', {}],
  ['lime', 'openxai', { noise: 'numpy-batch' }],
  ['shap', 'openxai', {}],
  ['shap', 'default', {}],
  ['shap', 'default', { background: 'mean', samples: 500 }],
  ['shap', 'default', { background: 'sample', samples: 500, backgroundPerCoalition: 1 }],
  ['shap', 'default', { background: 'sample', samples: 500 }, undefined, 50],
  ['shapley', 'default', { groups: Array.from({ length: 10 }, (_, g) => [2 * g, 2 * g + 1]) }, '10 groups of 2', 50],
  ['permshap', 'default', {}, undefined, 200],
  ['occlusion', 'default', {}],
  ['sg2', 'openxai', {}],
  ['vargrad', 'openxai', {}],
  ['itg-sg', 'openxai', {}],
  ['ig-sg', 'openxai', {}, undefined, 200],
  ['gradshap', 'default', {}],
].concat(
  process.argv.includes('--no-stability')
    ? []
    : [
        // Stability-shaped blocks: 10 anchors x (1 + 100 neighbours), neighbours keyed by their
        // anchor (common random numbers, as the metrics' default) vs each row by its content.
        ['lime', 'openxai', {}, 'stability block, per-row keys', 1010],
        ['lime', 'openxai', {}, 'stability block, common keys', 1010],
        ['shap', 'openxai', {}, 'stability block, per-row keys', 1010],
        ['shap', 'openxai', {}, 'stability block, common keys', 1010],
      ],
);
const labels = new Int32Array(N);
{
  const p = model.predictProba(x).data;
  for (let i = 0; i < N; i++) labels[i] = p[2 * i + 1] > p[2 * i] ? 1 : 0;
}
console.log(
  `batch ${N} x d ${D}, ANN ${D}-${H}-${H}-${K}, node ${process.version}, 1 thread (shared machine: figures are noisy; best of up to 10 runs within 3 s)`,
);
console.log('explainer preset   settings                              expl/s    ms/expl  model %  non-model ms/expl');
for (const [id, preset, extra, note, rowsCap] of runs) {
  if (only?.length && !only.includes(id)) continue;
  if (process.argv.includes('--stability-only') && !note?.startsWith('stability')) continue;
  const n = note?.startsWith('stability') ? rowsCap : Math.min(N, rowsCap ?? N);
  const xr = { rows: n, cols: D, data: x.data.subarray(0, n * D) };
  const e = createExplainer(id, { preset, seed: 0, train, ...extra });
  const common = note?.includes('common keys');
  const blockKeys = common ? Float64Array.from({ length: n }, (_, i) => Math.floor(i / 101)) : undefined;
  const opts = note === 'targets given' ? { targets: labels } : undefined;
  // warm-up on a few rows
  e.explain(model, { rows: 4, cols: D, data: x.data.slice(0, 4 * D) });
  let best = Infinity;
  let bestModel = 0;
  let spent = 0;
  for (let r = 0; r < 10 && spent < 3000; r++) {
    model.timing.ms = 0;
    const t = performance.now();
    const out = e.explain(model, xr, blockKeys ? { keys: blockKeys } : opts && { targets: labels.subarray(0, n) });
    const ms = performance.now() - t;
    if (out.rows !== n) throw new Error('bad output');
    spent += ms;
    if (ms < best) {
      best = ms;
      bestModel = model.timing.ms;
    }
  }
  const c = e.config;
  const settings =
    id === 'sg'
      ? `${c.samples} samples, std ${c.std}`
      : id === 'ig'
        ? `${c.method} ${c.steps}, ${c.multiplyByInputs ? 'x (x - b)' : 'mean gradient'}`
        : id === 'lime'
          ? `${c.samples} samples, ${c.noise} noise`
          : id === 'shap'
            ? `${c.variant} ${c.samples}, bg ${c.background} ${c.backgroundRows?.length ?? 1}x${c.backgroundPerCoalition}`
            : id === 'permshap'
              ? `${c.permutations} permutations, bg ${c.background} ${c.backgroundRows?.length ?? 1}`
              : id === 'sg2' || id === 'vargrad' || id.endsWith('-sg')
                ? `${c.type} over ${c.base}, ${c.samples} samples`
                : id === 'gradshap'
                  ? `${c.samples} samples, bg ${c.background} ${c.backgroundRows?.length ?? 1}`
                  : '';
  const label = note ? `${settings}${settings ? '; ' : ''}${note}` : settings;
  console.log(
    `${id.padEnd(9)} ${preset.padEnd(8)} ${label.padEnd(37)} ${(n / (best / 1000)).toFixed(0).padStart(8)} ${(best / n).toFixed(3).padStart(10)} ${((100 * bestModel) / best).toFixed(0).padStart(7)} ${((best - bestModel) / n).toFixed(3).padStart(10)}`,
  );
}
