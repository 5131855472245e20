// Minimal numeric CSV reading for the bench scripts (the models package does not depend
// on @xai/data): header row, numbers, label = last column, min-max scaling fitted on train.
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createRng } from '@xai/core';

export const DATA_DIR = new URL('../../../../shared/datasets/', import.meta.url).pathname;

function parse(path) {
  const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',');
  const d = header.length - 1;
  const n = lines.length - 1;
  const x = new Float64Array(n * d);
  const y = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const cells = lines[i + 1].split(',');
    for (let j = 0; j < d; j++) x[i * d + j] = Number(cells[j]);
    y[i] = Math.round(Number(cells[d]));
  }
  return { x: { rows: n, cols: d, data: x }, y, header };
}

function minMax(train, others) {
  const { rows, cols, data } = train.x;
  const lo = new Float64Array(cols).fill(Infinity);
  const hi = new Float64Array(cols).fill(-Infinity);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) {
    const v = data[i * cols + j];
    if (v < lo[j]) lo[j] = v;
    if (v > hi[j]) hi[j] = v;
  }
  for (const s of [train, ...others]) {
    const D = s.x.data;
    for (let i = 0; i < s.x.rows; i++) for (let j = 0; j < cols; j++) {
      const r = hi[j] - lo[j];
      D[i * cols + j] = r > 0 ? (D[i * cols + j] - lo[j]) / r : 0;
    }
  }
}

/** Stratified 80/20 split of a single file (pima), seeded. */
function splitFull(full, seed) {
  const n = full.y.length;
  const rng = createRng(seed);
  const test = new Uint8Array(n);
  for (const c of [0, 1]) {
    const idx = [];
    for (let i = 0; i < n; i++) if (full.y[i] === c) idx.push(i);
    const pick = rng.choice(idx.length, Math.round(0.2 * idx.length));
    for (const k of pick) test[idx[k]] = 1;
  }
  const part = (flag) => {
    const rows = [];
    for (let i = 0; i < n; i++) if (test[i] === flag) rows.push(i);
    const d = full.x.cols;
    const x = new Float64Array(rows.length * d);
    rows.forEach((i, r) => x.set(full.x.data.subarray(i * d, i * d + d), r * d));
    return { x: { rows: rows.length, cols: d, data: x }, y: Int32Array.from(rows, (i) => full.y[i]) };
  };
  return { train: part(0), test: part(1) };
}

/** Datasets whose files are present, in a fixed order. */
export function availableDatasets() {
  return ['adult', 'compas', 'gaussian', 'german', 'heloc', 'pima', 'gmsc', 'heart'].filter(
    (name) => existsSync(join(DATA_DIR, name, `${name}-train.csv`)) || existsSync(join(DATA_DIR, name, `${name}-full.csv`)),
  );
}

/** {train, test, hash, files, note} with min-max scaling fitted on train. */
export function loadScaled(name) {
  const dir = join(DATA_DIR, name);
  const trainFile = join(dir, `${name}-train.csv`);
  let files, train, test, note = 'min-max scaled with train statistics';
  if (existsSync(trainFile)) {
    files = [trainFile, join(dir, `${name}-test.csv`)];
    train = parse(files[0]);
    test = parse(files[1]);
  } else {
    files = [join(dir, `${name}-full.csv`)];
    ({ train, test } = splitFull(parse(files[0]), 0));
    note = `split ${name} 80/20 stratified seed 0; ${note}`;
  }
  minMax(train, [test]);
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return { train, test, hash: h.digest('hex'), files, note };
}
