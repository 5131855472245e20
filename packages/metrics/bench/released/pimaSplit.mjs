// Writes pima-train.csv / pima-test.csv (raw values, header, label last) from the loader's own
// stratified split of pima-full.csv, so the released code runs on the rows xai's pima has.
//   node bench/released/pimaSplit.mjs <shared datasets dir> <out dir>
import fs from 'node:fs';
import { loadDataset } from '@xai/data/node';

const [dataDir, outDir] = process.argv.slice(2);
const ds = await loadDataset('pima', { dataDir, preset: 'openxai' });
fs.mkdirSync(outDir, { recursive: true });
for (const role of ['train', 'test']) {
  const x = ds.raw[role];
  const lines = [[...ds.schema.names, ds.info.label].join(',')];
  for (let i = 0; i < x.rows; i++) lines.push([...x.data.subarray(i * x.cols, (i + 1) * x.cols), ds[role].y[i]].join(','));
  fs.writeFileSync(`${outDir}/pima-${role}.csv`, `${lines.join('\n')}\n`);
}
console.log('pima', ds.raw.train.rows, 'train', ds.raw.test.rows, 'test rows');
