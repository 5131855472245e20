// ANN throughput at OpenXAI's shape (d = 20 → 100 → 100 → 2) on a batch of 1000 rows,
// beside core's matrix kernels on the same shapes. Figures are noisy on a shared machine:
// each is the best of several timed runs.  node bench/perf.mjs [--rows 1000] [--dim 20]
import { createRng, matmul, matmulTransB } from '@xai/core';
import { createAnn, createLogisticRegression, lossGradients, withPrecision } from '../dist/index.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const n = opt('rows', 1000);
const d = opt('dim', 20);
const widths = [d, 100, 100, 2];

function rand(rows, cols, seed) {
  const data = new Float64Array(rows * cols);
  createRng(seed).fillUniform(data);
  return { rows, cols, data };
}

/** Best seconds per call over `runs` runs of ≥ 0.3 s each. */
function time(fn, runs = 5) {
  for (let i = 0; i < 5; i++) fn();
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    let reps = 0;
    const t0 = performance.now();
    let t = 0;
    do {
      fn();
      reps++;
      t = performance.now() - t0;
    } while (t < 300);
    best = Math.min(best, t / 1000 / reps);
  }
  return best;
}

const x = rand(n, d, 1);
const ann = createAnn(d, { seed: 0 });
const lr = createLogisticRegression(d, { seed: 0 });
const y = Int32Array.from({ length: n }, (_, i) => i % 2);
const outP = { rows: n, cols: 2, data: new Float64Array(n * 2) };
const outG = { rows: n, cols: d, data: new Float64Array(n * d) };

// multiply-adds of the three layer products: 2·n·Σ in·out flops
let fwdFlops = 0;
for (let l = 0; l + 1 < widths.length; l++) fwdFlops += 2 * n * widths[l] * widths[l + 1];
// input gradient: the same products again, backwards (dZ · W per layer)
const bwdFlops = fwdFlops;
// loss gradients: backward to every layer's input except the first, plus dW = dZᵀ·A for every layer
const trainFlops = fwdFlops + (fwdFlops - 2 * n * widths[0] * widths[1]) + fwdFlops;

// core kernels on the same shapes: activations · weightᵀ (matmulTransB, what the model uses)
// and activations · (weight transposed copy) (matmul)
const acts = widths.slice(0, -1).map((w, l) => rand(n, w, 10 + l));
const weights = widths.slice(1).map((w, l) => rand(w, widths[l], 20 + l));
const weightsT = widths.slice(1).map((w, l) => rand(widths[l], w, 30 + l));
const outs = widths.slice(1).map((w) => ({ rows: n, cols: w, data: new Float64Array(n * w) }));
const tMatmul = time(() => {
  for (let l = 0; l < 3; l++) matmul(acts[l], weightsT[l], outs[l]);
});
const tTransB = time(() => {
  for (let l = 0; l < 3; l++) matmulTransB(acts[l], weights[l], outs[l]);
});

const tFwd = time(() => ann.predictProba(x, outP));
const tGrad = time(() => ann.inputGradient(x, y, { out: outG }));
const tLoss = time(() => lossGradients(ann, x, y));
const tLrFwd = time(() => lr.predictProba(x, outP));
const tLrGrad = time(() => lr.inputGradient(x, y, { out: outG }));
// float32 emulation (openxai parity): plain row-by-row loops with Math.fround after every op
const ann32 = withPrecision(ann, 'float32');
const tFwd32 = time(() => ann32.predictProba(x, outP), 3);
const tGrad32 = time(() => ann32.inputGradient(x, y, { out: outG }), 3);

const gf = (flops, t) => (flops / t / 1e9).toFixed(2);
const rps = (t) => Math.round(n / t).toLocaleString('en-US');
console.log(`ANN ${widths.join('→')}, batch ${n} (node ${process.version}; best of 5; shared machine, noisy)`);
console.log(`core matmul      (same shapes, W transposed)  ${gf(fwdFlops, tMatmul).padStart(6)} GFLOP/s`);
console.log(`core matmulTransB (same shapes, W as stored)  ${gf(fwdFlops, tTransB).padStart(6)} GFLOP/s`);
console.log(
  `ANN forward (predictProba)       ${rps(tFwd).padStart(12)} rows/s  ${gf(fwdFlops, tFwd).padStart(6)} GFLOP/s  = ${((fwdFlops / tFwd / (fwdFlops / tMatmul)) * 100).toFixed(0)}% of matmul, ${((fwdFlops / tFwd / (fwdFlops / tTransB)) * 100).toFixed(0)}% of matmulTransB`,
);
console.log(`ANN forward+backward (inputGradient) ${rps(tGrad).padStart(8)} rows/s  ${gf(fwdFlops + bwdFlops, tGrad).padStart(6)} GFLOP/s`);
console.log(`ANN loss + parameter gradients   ${rps(tLoss).padStart(12)} rows/s  ${gf(trainFlops, tLoss).padStart(6)} GFLOP/s`);
console.log(`LR forward (predictProba)        ${rps(tLrFwd).padStart(12)} rows/s`);
console.log(`LR inputGradient                 ${rps(tLrGrad).padStart(12)} rows/s`);
console.log(`ANN float32 emulation forward    ${rps(tFwd32).padStart(12)} rows/s  ${gf(fwdFlops, tFwd32).padStart(6)} GFLOP/s`);
console.log(
  `ANN float32 emulation inputGradient ${rps(tGrad32).padStart(9)} rows/s  ${gf(fwdFlops + bwdFlops, tGrad32).padStart(6)} GFLOP/s`,
);
