// Accuracy, noise and cost of KernelSHAP background choices on the bench ANN (figures, not a
// test). Reference: the Shapley values of the game averaged over 300 sampled training rows
// (exact enumeration for d <= 10, else 2000 paired coalitions x all 300 rows). For each
// setting (3 seeds): "err" = RMS distance to the reference, "noise" = RMS difference between
// two explanations of the same row under different coalition draws (x and x + 1e-12),
// divided by sqrt 2 — both relative to the RMS reference attribution. Cost is counted in
// model rows per explanation (bench/perf.mjs times them).
//   node bench/shapBackground.mjs [--d 10] [--n 10]
import { createRng } from '@xai/core';
import { kernelShapExplainer } from '../dist/index.js';
import { annModel } from './annModel.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const D = arg('d', 10);
const N = arg('n', 10);
const model = annModel(1, D);
const rng = createRng(2);
const train = { rows: 2000, cols: D, data: rng.fillUniform(new Float64Array(2000 * D)) };
const x = { rows: N, cols: D, data: rng.fillUniform(new Float64Array(N * D)) };
const nudged = { rows: N, cols: D, data: x.data.map((v) => v + 1e-12) };
const opts = { targets: new Int32Array(N).fill(1) };

const refSettings = { background: 'sample', backgroundSize: 300, ...(D <= 10 ? { exact: true } : { exact: false, samples: 2000 }) };
const ref = kernelShapExplainer({ train, seed: 0, ...refSettings }).explain(model, x, opts).data;
const scale = Math.sqrt(ref.reduce((s, v) => s + v * v, 0) / ref.length);
const runs = [
  ['default: k-means 5 rows, auto coalitions', {}],
  ['k-means 5 rows, 200 coalitions', { samples: 200 }],
  ['k-means 10 rows, 100 coalitions', { backgroundSize: 10, samples: 100 }],
  ['50 sampled rows, 1 per coalition, 500', { background: 'sample', backgroundPerCoalition: 1, samples: 500 }],
  ['50 sampled rows, all, 500 coalitions', { background: 'sample', samples: 500 }],
  ['training mean (1 row), 500 coalitions', { background: 'mean', samples: 500 }],
];
console.log(`d ${D}, ANN ${D}-100-100-2, ${N} instances x 3 seeds`);
console.log('background                                 rows/expl    err   noise');
for (const [label, o] of runs) {
  let err = 0;
  let noise = 0;
  let rows = 0;
  for (const seed of [0, 1, 2]) {
    const e = kernelShapExplainer({ train, seed, exact: false, ...o });
    const r0 = model.timing.rows;
    const a = e.explain(model, x, opts).data;
    rows += (model.timing.rows - r0) / (3 * N);
    const b = e.explain(model, nudged, opts).data;
    for (let q = 0; q < a.length; q++) {
      err += (a[q] - ref[q]) ** 2;
      noise += (a[q] - b[q]) ** 2 / 2;
    }
  }
  const rel = (s) => (Math.sqrt(s / (3 * ref.length)) / scale).toFixed(3);
  console.log(`${label.padEnd(42)} ${rows.toFixed(0).padStart(9)} ${rel(err).padStart(6)} ${rel(noise).padStart(7)}`);
}
