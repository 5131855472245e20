// Prints the dataset list: rows, features, label balance and hash of every dataset that can
// be loaded without a download. Usage: node scripts/list-datasets.mjs [datasetsDir] [--download]
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listDatasets, loadDataset, summarizeDataset } from '../dist/node.js';

const args = process.argv.slice(2);
const here = fileURLToPath(new URL('.', import.meta.url));
const dataDir = resolve(args.find((a) => !a.startsWith('--')) ?? process.env.XAI_DATA_DIR ?? join(here, '../../../../shared/datasets'));
const download = args.includes('--download');

console.log(`datasets in ${dataDir}${download ? ' (downloading missing ones)' : ''}\n`);
console.log('name'.padEnd(9), 'train'.padStart(6), 'val'.padStart(5), 'test'.padStart(6), 'feat'.padStart(5), 'c/d'.padStart(6), 'pos train/test'.padStart(15), ' hash');
for (const info of listDatasets()) {
  try {
    const s = summarizeDataset(await loadDataset(info.name, { dataDir, download }));
    console.log(s.name.padEnd(9), String(s.rows.train).padStart(6), String(s.rows.validation).padStart(5), String(s.rows.test).padStart(6), String(s.features).padStart(5), `${s.continuous}/${s.discrete}`.padStart(6), `${s.positiveRate.train.toFixed(3)}/${s.positiveRate.test.toFixed(3)}`.padStart(15), ` ${s.hash.slice(0, 16)}`);
    for (const w of s.warnings) console.log(`  warning: ${w}`);
  } catch (e) {
    console.log(info.name.padEnd(9), `  not available (${e.code ?? e.message}); run with --download or see the error of loadDataset('${info.name}')`);
  }
}
