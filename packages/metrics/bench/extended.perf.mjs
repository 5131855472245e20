// Per-instance cost of every extended metric on OpenXAI's ANN (d = 20 → 100 → 100 → 2,
// @xai/models' built createAnn) with the gradient explainer, default options. Prints a table; it
// is not a test. The machine may be shared: each figure is the best of REPEATS runs.
// Usage: pnpm --filter @xai/models build && pnpm --filter @xai/metrics build &&
//        node packages/metrics/bench/extended.perf.mjs [instances=40] [repeats=3]
import { loadavg } from 'node:os';
import { createRng } from '@xai/core';
import { createAnn } from '@xai/models';
import { EXTENDED_METRIC_IDS, extendedMetrics } from '../dist/extendedMetrics.js';

const D = 20;
const N = Number(process.argv[2] ?? 40);
const REPEATS = Number(process.argv[3] ?? 3);

const model = createAnn(D, { seed: 0 });
const x = { rows: N, cols: D, data: createRng(1).fillNormal(new Float64Array(N * D)) };
const targets = new Int32Array(N); // explain class 0 for every row
let explainRows = 0;
const explain = (m, xs, t) => {
  explainRows += xs.rows;
  return m.inputGradient(xs, t);
};
const attributions = model.inputGradient(x, targets);
const background = { rows: 200, cols: D, data: createRng(3).fillNormal(new Float64Array(200 * D)) };
const groundTruth = { rows: 1, cols: D, data: createRng(2).fillNormal(new Float64Array(D)) };

// predictProba rows per instance, counted through a proxy of the model.
let predictRows = 0;
const counted = new Proxy(model, {
  get(target, key) {
    const v = Reflect.get(target, key);
    if (key === 'predictProba')
      return (xs, out) => {
        predictRows += xs.rows;
        return v.call(target, xs, out);
      };
    return typeof v === 'function' ? v.bind(target) : v;
  },
});

const rows = [];
for (const id of EXTENDED_METRIC_IDS) {
  const options = id === 'KENDALL_TAU' ? { groundTruth } : id.startsWith('ROAD') ? { background } : {};
  const m = id === 'MODEL_RANDOMISATION' ? model : counted; // MPRT needs the real layers
  let best = Infinity;
  let mean = NaN;
  for (let r = 0; r < REPEATS; r++) {
    predictRows = 0;
    explainRows = 0;
    const t0 = performance.now();
    const res = extendedMetrics[id].run(m, x, attributions, targets, explain, options);
    best = Math.min(best, performance.now() - t0);
    mean = res.mean;
  }
  rows.push({
    id,
    family: extendedMetrics[id].info.family,
    msPerInstance: best / N,
    predictRowsPerInstance: predictRows / N,
    explainRowsPerInstance: explainRows / N,
    mean,
  });
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `extended metrics on createAnn(${D}) [100, 100], gradient explainer, n = ${N}, best of ${REPEATS}; load ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${pad('metric', 26)}${pad('family', 15)}${pad('ms/instance', 13)}${pad('f rows/inst', 13)}${pad('explain rows/inst', 19)}mean`,
);
for (const r of rows) {
  console.log(
    `${pad(r.id, 26)}${pad(r.family, 15)}${pad(r.msPerInstance.toFixed(4), 13)}${pad(r.predictRowsPerInstance, 13)}${pad(r.explainRowsPerInstance, 19)}${r.mean.toFixed(4)}`,
  );
}
