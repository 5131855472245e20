// Two builds of @xai/explainers side by side in one process: LIME (the released numpy stream, as
// the bench runs it) and KernelSHAP under `openxai`
// on a cheap 23-feature logistic-regression model (so the explainer's own work dominates), the
// builds alternating round by round; prints CPU µs per explanation (median over rounds), new ÷ old,
// and whether both builds' attributions have the same bits. LIME's rows sit at released positions
// 0..99 (as the stability metrics' neighbours do), so its worker-wide cache of fits is warm.
//   node bench/compare-builds.mjs <old dist/index.js> <new dist/index.js> [--rounds 9]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { logisticModel, rowsOf as rowsOfD } from './cheapModel.mjs';

const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 9;
const paths = args.filter((a, q) => !a.startsWith('--') && !args[q - 1]?.startsWith('--'));
if (paths.length !== 2 || !(rounds >= 1)) {
  console.error('usage: node bench/compare-builds.mjs <old dist/index.js> <new dist/index.js> [--rounds N]');
  process.exit(2);
}
const builds = await Promise.all(paths.map((p) => import(pathToFileURL(resolve(p)).href)));

const D = 23;
const model = logisticModel(D);
const rowsOf = (n, salt) => rowsOfD(n, D, salt);
const train = rowsOf(200, 1);
const x = rowsOf(200, 2);
const positions = Float64Array.from({ length: x.rows }, (_, i) => i % 100);
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const jobs = {
  lime: (b) =>
    b.createExplainer('lime', { preset: 'openxai', noise: 'numpy-batch', seed: 3, train }).explain(model, x, { batchPositions: positions }),
  shap: (b) => b.createExplainer('shap', { preset: 'openxai', seed: 3, train }).explain(model, x),
};
const times = { lime: [[], []], shap: [[], []] };
const outs = { lime: [], shap: [] };
for (let r = 0; r <= rounds; r++) {
  for (const [name, job] of Object.entries(jobs)) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) {
      const t = cpuMicros();
      const e = job(builds[k]);
      if (r > 0) times[name][k].push((cpuMicros() - t) / x.rows);
      else outs[name][k] = e.data; // round 0 warms the JIT and the caches
    }
  }
}
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];
for (const name of Object.keys(jobs)) {
  const [o, n] = times[name].map(median);
  const same = outs[name][0].length === outs[name][1].length && outs[name][0].every((v, q) => Object.is(v, outs[name][1][q]));
  console.log(`${name}: old ${o.toFixed(1)} µs, new ${n.toFixed(1)} µs per explanation, new/old ${(n / o).toFixed(3)}; same bits: ${same}`);
}
