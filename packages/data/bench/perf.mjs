// Loading figures for @xai/data: CSV rows parsed per second and full loadDataset times.
// Run after a build: `pnpm --filter @xai/data bench:perf` (or `node bench/perf.mjs [datasetsDir]`).
// The machine may be shared: figures are medians of a few runs and still noisy.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetRegistry, fitMinMaxScaler, loadDataset, parseCsv, parseDataset, parseUserDataset } from '../dist/node.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const dataDir = resolve(process.argv[2] ?? process.env.XAI_DATA_DIR ?? join(here, '../../../../shared/datasets'));
if (!existsSync(dataDir)) {
  console.log(`no datasets at ${dataDir}; pass the folder as the first argument`);
  process.exit(0);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function time(fn, reps) {
  const ms = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

console.log(`@xai/data perf (node ${process.version}, ${dataDir})`);
console.log('\nparseCsv (bytes in memory -> Float64Array + labels + schema), median of 7 runs after warm-up');
console.log(
  'file'.padEnd(24),
  'rows'.padStart(7),
  'cols'.padStart(5),
  'MB'.padStart(6),
  'ms'.padStart(8),
  'rows/s'.padStart(11),
  'MB/s'.padStart(7),
);
for (const info of Object.values(datasetRegistry)) {
  for (const f of info.files) {
    const path = join(dataDir, info.name, f.file);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    let t;
    const run = () => {
      t = parseCsv(bytes, { label: info.label, kinds: info.kinds });
    };
    run();
    const ms = time(run, 7);
    const rows = t.x.rows;
    console.log(
      f.file.padEnd(24),
      String(rows).padStart(7),
      String(t.header.length).padStart(5),
      (bytes.length / 1e6).toFixed(2).padStart(6),
      ms.toFixed(1).padStart(8),
      Math.round(rows / (ms / 1000))
        .toLocaleString('en')
        .padStart(11),
      (bytes.length / 1e6 / (ms / 1000)).toFixed(0).padStart(7),
    );
  }
}

console.log('\nloadDataset (read + sha256 + parse + validation split + min-max scaling), median of 5 runs after warm-up');
for (const name of ['adult', 'compas', 'german', 'heloc', 'pima', 'gaussian']) {
  const opts = { dataDir, cacheDir: join(dataDir, '.no-cache'), download: false };
  try {
    await loadDataset(name, opts);
  } catch {
    continue;
  }
  const ms = [];
  let ds;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    ds = await loadDataset(name, opts);
    ms.push(performance.now() - t0);
  }
  const rows = ds.train.x.rows + (ds.validation?.x.rows ?? 0) + ds.test.x.rows;
  console.log(
    `${name.padEnd(9)} ${String(rows).padStart(6)} rows  ${median(ms).toFixed(1).padStart(7)} ms  (${Math.round(rows / (median(ms) / 1000)).toLocaleString('en')} rows/s end to end)`,
  );
}

const x = { rows: 100_000, cols: 20, data: Float64Array.from({ length: 2_000_000 }, (_, i) => (i * 7919) % 1000) };
const s = fitMinMaxScaler(x);
const out = { rows: x.rows, cols: x.cols, data: new Float64Array(x.data.length) };
s.transform(x, out);
console.log(`\nMinMaxScaler.transform 100000 x 20 into a reused buffer: ${time(() => s.transform(x, out), 7).toFixed(1)} ms`);

// The browser path hashes with @xai/core sha256 sha256 (pure JS); loadDataset (Node) with node:crypto.
{
  const read = (name, file) => readFileSync(join(dataDir, name, file));
  if (existsSync(join(dataDir, 'gaussian', 'gaussian-train.csv'))) {
    const texts = { train: read('gaussian', 'gaussian-train.csv'), test: read('gaussian', 'gaussian-test.csv') };
    console.log(
      `\nparseDataset('gaussian') from bytes in memory (pure-JS sha256 of 9.8 MB + parse + split + scale): ${time(() => parseDataset('gaussian', texts), 5).toFixed(1)} ms`,
    );
  }
  if (existsSync(join(dataDir, 'adult', 'adult-train.csv'))) {
    const text = read('adult', 'adult-train.csv');
    console.log(
      `parseUserDataset(adult-train.csv, { label: 'income' }) (inferred schema, split, scale): ${time(() => parseUserDataset(text, { label: 'income' }), 5).toFixed(1)} ms`,
    );
  }
}

// The hash alone: @xai/core's pure-JS sha256 (the root's, browser path) against node:crypto on the same bytes.
{
  const { sha256Hex } = await import('@xai/core');
  const { createHash } = await import('node:crypto');
  const bytes = new Uint8Array(8 << 20).map((_, i) => (i * 2654435761) >>> 24);
  const pure = time(() => sha256Hex(bytes), 5);
  const native = time(() => createHash('sha256').update(bytes).digest(), 5);
  console.log(
    `\nsha256 of 8 MiB: @xai/core sha256 ${pure.toFixed(1)} ms (${(8 / (pure / 1000)).toFixed(0)} MiB/s), node:crypto ${native.toFixed(1)} ms (${(8 / (native / 1000)).toFixed(0)} MiB/s), ratio ${(pure / native).toFixed(1)}x`,
  );
}
