// Prints all eight registry datasets with their status (found / cached / downloadable /
// unavailable), and rows, features, label balance and hash of those on disk.
// Usage: node scripts/list-datasets.mjs [datasetsDir] [--download]
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetStatus, loadDataset, summarizeDataset } from '../dist/node.js';

const args = process.argv.slice(2);
const here = fileURLToPath(new URL('.', import.meta.url));
const dataDir = resolve(args.find((a) => !a.startsWith('--')) ?? process.env.XAI_DATA_DIR ?? join(here, '../../../../shared/datasets'));
const download = args.includes('--download');

console.log(`datasets in ${dataDir}${download ? ' (downloading missing ones)' : ''}\n`);
console.log(
  'name'.padEnd(9),
  'status'.padEnd(13),
  'train'.padStart(6),
  'val'.padStart(5),
  'test'.padStart(6),
  'feat'.padStart(5),
  'c/d'.padStart(6),
  'pos train/test'.padStart(15),
  ' hash',
);
for (const st of datasetStatus({ dataDir })) {
  if (st.status !== 'found' && st.status !== 'cached' && !download) {
    console.log(
      st.name.padEnd(9),
      st.status.padEnd(13),
      `  ${st.status === 'downloadable' ? 'run with --download' : 'supply the files by hand'} (checksums ${st.checksums})`,
    );
    continue;
  }
  try {
    const s = summarizeDataset(await loadDataset(st.name, { dataDir, download }));
    console.log(
      s.name.padEnd(9),
      st.status.padEnd(13),
      String(s.rows.train).padStart(6),
      String(s.rows.validation).padStart(5),
      String(s.rows.test).padStart(6),
      String(s.features).padStart(5),
      `${s.continuous}/${s.discrete}`.padStart(6),
      `${s.positiveRate.train.toFixed(3)}/${s.positiveRate.test.toFixed(3)}`.padStart(15),
      ` ${s.hash.slice(0, 16)}`,
    );
    for (const w of s.warnings) console.log(`  warning: ${w}`);
  } catch (e) {
    console.log(st.name.padEnd(9), st.status.padEnd(13), `  not loaded (${e.code ?? e.message})`);
  }
}
