// Diagnostic: our openxai RIS/ROS on the rows and weights of a released-code german run
// (dir written by the released Evaluator: stab.json, lr_german.json, released.json) beside the
// released per-instance scores, ln of the means. Not a test. Usage:
//   node bench/germanReleasedStability.mjs /tmp/german-parity [seeding=content|released|released-fixed-candidates]
import fs from 'node:fs';
import { loadDataset } from '@xai/data/node';
import { fromModelJson } from '@xai/models';
import { createExplainer } from '@xai/explainers';
import { relativeStability } from '../dist/index.js';
const dir = process.argv[2] ?? '/tmp/german-parity',
  seeding = process.argv[3] ?? 'content';
const S = JSON.parse(fs.readFileSync(`${dir}/stab.json`, 'utf8'));
const R = JSON.parse(fs.readFileSync(`${dir}/released.json`, 'utf8'));
const model = fromModelJson(JSON.parse(fs.readFileSync(`${dir}/lr_german.json`, 'utf8')));
const ds = await loadDataset('german', { dataDir: process.env.XAI_DATA ?? '../../../shared/datasets', preset: 'openxai' });
const d = R.x[0].length;
// SCHEMA: 'dataset' (the loader's kinds and one-hot groups) or 'continuous' (no schema).
const schema = (process.env.SCHEMA ?? 'dataset') === 'dataset' ? { schema: ds.schema } : {};
const train = { rows: ds.train.x.rows, cols: d, data: Float64Array.from(ds.train.x.data, Math.fround) };
for (const m of Object.keys(S)) {
  const n = Number(process.env.N ?? 30); // the released run's first N rows (it drops NaN scores, so its arrays can be shorter)
  const rows = R.x.slice(0, n);
  const x = { rows: n, cols: d, data: Float64Array.from(rows.flat()) };
  const explainer = createExplainer(m, { preset: 'openxai', seed: 0, train });
  const r = relativeStability({ x, model, explainer, ...schema }, { preset: 'openxai', seed: 0, stabilitySeeding: seeding });
  const lnMean = (v) => Math.log(v.filter(Number.isFinite).reduce((a, b) => a + b, 0) / v.filter(Number.isFinite).length);
  console.log(
    m,
    seeding,
    process.env.SCHEMA ?? 'dataset',
    'RIS ln released',
    lnMean(S[m].RIS).toFixed(3),
    'ours',
    r.RIS.logMean?.toFixed(3),
    '| ROS ln released',
    lnMean(S[m].ROS).toFixed(3),
    'ours',
    r.ROS.logMean?.toFixed(3),
  );
}
