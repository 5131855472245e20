// Diagnostic (german PGI/PGU below the released code's): our openxai PGI/PGU on
// german (an LR trained here, Gradient and Gradient x Input) beside re-implementations of the
// perturbation under hypotheses of what the released run could have done differently:
// H0 = the released algorithm as read (one-hot move, then the per-column mask; must equal ours),
// H1 = every one-hot column flipped alone (NormalPerturbation with per-column 'd'),
// H2 = H0 plus N(0, sigma^2) on the one-hot columns, H3 = H0 with the mask ignored on groups.
// Not a test; needs the built @xai/data, @xai/models, @xai/explainers and the shared datasets.
// Usage: node bench/germanPerturbation.mjs
import { createRng } from '@xai/core';
import { loadDataset } from '@xai/data/node';
import { createLogisticRegression, trainModel } from '@xai/models';
import { createExplainer } from '@xai/explainers';
import { predictionGaps } from '../dist/index.js';
const ds = await loadDataset('german', { dataDir: process.env.XAI_DATA ?? '../../../shared/datasets', preset: 'openxai' });
const model = createLogisticRegression(60, { seed: 0 });
trainModel(model, { train: ds.train, ...(ds.validation ? { validation: ds.validation } : {}) }, { epochs: 100 });
const x = ds.test.x,
  n = x.rows,
  d = x.cols,
  groups = ds.schema.groups;
const K = 15,
  S = 100,
  sigma = 0.1,
  p = sigma * Math.sqrt(2 / Math.PI);
const groupOf = new Int32Array(d).fill(-1);
groups.forEach((g, k) => g.forEach((j) => (groupOf[j] = k)));
function gaps(e, mode, rng) {
  const out = { PGI: 0, PGU: 0 };
  const buf = { rows: S, cols: d, data: new Float64Array(S * d) };
  const p0 = model.predictProba(x).data;
  for (let i = 0; i < n; i++) {
    const xi = x.data.subarray(i * d, (i + 1) * d);
    const order = Array.from({ length: d }, (_, j) => j).sort((a, b) => Math.abs(e.data[i * d + b]) - Math.abs(e.data[i * d + a]) || a - b);
    const pos = new Int32Array(d);
    order.forEach((j, r) => (pos[j] = r));
    // one noise draw per instance shared by k and PGI/PGU
    const z = new Float64Array(S * d),
      u = new Float64Array(S * d),
      c = new Float64Array(S * d);
    rng.fillNormal(z);
    rng.fillUniform(u);
    rng.fillUniform(c);
    for (const inv of [false, true]) {
      let auc = 0;
      for (let k = 1; k <= K; k++) {
        for (let s = 0; s < S; s++) {
          const o = s * d;
          const pert = new Float64Array(d);
          for (let j = 0; j < d; j++) pert[j] = xi[j];
          for (let j = 0; j < 8; j++) pert[j] += sigma * z[o + j];
          if (mode === 'H1') {
            for (let j = 8; j < d; j++) if (u[o + j] < p) pert[j] = Math.abs(pert[j] - 1);
          } else {
            for (const g of groups) {
              const h = g.find((j) => xi[j] === 1);
              const opts = g.filter((j) => j !== h);
              if (u[o + g[0]] < p) {
                const dest = opts[Math.floor(c[o + g[0]] * opts.length)];
                pert[h] = 0;
                pert[dest] = 1;
              }
            }
            if (mode === 'H2') for (let j = 8; j < d; j++) pert[j] += sigma * z[o + j];
          }
          for (let j = 0; j < d; j++) {
            const free = pos[j] < k !== inv;
            const ignoreMask = mode === 'H3' && groupOf[j] >= 0;
            buf.data[o + j] = free || ignoreMask ? pert[j] : xi[j];
          }
        }
        const pr = model.predictProba(buf).data;
        let acc = 0;
        for (let s = 0; s < S; s++) acc += Math.abs(pr[s * 2] - p0[i * 2]);
        const v = acc / S;
        auc += (k === 1 || k === K ? 0.5 : 1) * v;
      }
      out[inv ? 'PGU' : 'PGI'] += auc / (K - 1) / n;
    }
  }
  return out;
}
for (const id of ['grad', 'itg']) {
  const e = createExplainer(id, { preset: 'openxai' }).explain(model, x);
  const ours = predictionGaps({ x, attributions: e, model, schema: ds.schema }, { preset: 'openxai', seed: 0 });
  const line = [`${id}: ours(dist) PGI ${ours.PGI.mean.toFixed(4)} PGU ${ours.PGU.mean.toFixed(4)}`];
  for (const mode of ['H0', 'H1', 'H2', 'H3']) {
    const r = gaps(e, mode, createRng(1));
    line.push(`${mode} PGI ${r.PGI.toFixed(4)} PGU ${r.PGU.toFixed(4)}`);
  }
  console.log(line.join(' | '));
}
