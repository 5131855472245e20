// Feeds the released run's weights, rows and explanations to our openxai PGI/PGU; per-instance diffs.
import fs from 'node:fs';
import { inferFeatureKinds, loadDataset } from '@xai/data/node';
import { fromModelJson } from '@xai/models';
import { predictionGaps } from '../dist/index.js';
const R = JSON.parse(fs.readFileSync(`${process.argv[2] ?? '/tmp/german-parity'}/released.json`, 'utf8'));
const model = fromModelJson(JSON.parse(fs.readFileSync(`${process.argv[2] ?? '/tmp/german-parity'}/lr_german.json`, 'utf8')));
const ds = await loadDataset('german', { dataDir: process.env.XAI_DATA ?? '../../../shared/datasets', preset: 'openxai' });
const n = R.x.length,
  d = R.x[0].length;
const x = { rows: n, cols: d, data: Float64Array.from(R.x.flat()) };
let maxRow = 0;
for (let i = 0; i < n * d; i++) maxRow = Math.max(maxRow, Math.abs(x.data[i] - ds.test.x.data[i]));
console.log(
  'rows: ours test vs released X_test max abs',
  maxRow,
  'schema kinds',
  ds.schema.kinds.map((k) => k[0]).join(''),
  'groups',
  JSON.stringify(ds.schema.groups.map((g) => g.length)),
);
const extra = JSON.parse(process.env.OPTS ?? '{}');
// SCHEMA: 'dataset' (the loader's kinds and one-hot groups, as the bench), 'inferred' (what
// `xai evaluate` builds: kinds inferred from the rows, no groups), 'continuous' (no schema).
const which = process.env.SCHEMA ?? 'dataset';
const schema =
  which === 'dataset' ? ds.schema : which === 'inferred' ? { names: ds.schema.names, kinds: inferFeatureKinds(x), groups: [] } : undefined;
console.log('schema', which);
for (const m of Object.keys(R).filter((k) => R[k]?.explanations)) {
  const e = { rows: n, cols: d, data: Float64Array.from(R[m].explanations.flat()) };
  const r = predictionGaps({ x, attributions: e, model, ...(schema ? { schema } : {}) }, { preset: 'openxai', seed: 0, ...extra });
  const line = [m];
  for (const k of ['PGI', 'PGU']) {
    const ref = R[m][k];
    const ours = r[k].values;
    let mx = 0;
    for (let i = 0; i < n; i++) mx = Math.max(mx, Math.abs(ours[i] - ref[i]));
    const mean = ref.reduce((a, b) => a + b, 0) / n;
    line.push(
      `${k} released ${mean.toFixed(5)} ours ${r[k].mean.toFixed(5)} ratio ${(mean / r[k].mean).toFixed(3)} maxAbsDiff ${mx.toExponential(2)}`,
    );
  }
  console.log(line.join(' | '));
}
