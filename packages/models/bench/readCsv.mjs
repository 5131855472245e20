// Minimal numeric CSV reading for the bench scripts (the models package does not depend
// on @xai/data). It mirrors @xai/data's `loadDataset` default path so the settings chosen
// here are chosen on the same rows `xai train` (in @xai/bench) will see:
// - header row, numbers, label = last column;
// - pima (one unsplit file): stratified 80/20 train/test, seed 0;
// - validation: a stratified seeded share of train (10%, seed 0), never of test;
// - min-max scaling fitted on the TRAINING PART ONLY (after the validation rows are held
//   out), applied to train, validation and test.
// With preset 'openxai' it mirrors that preset instead: no validation split (trainModel
// carves its own) and one scaler per file, as OpenXAI's released code.
// The authoritative accuracy table comes from `xai train` in @xai/bench, which uses
// @xai/data itself; this file is for selection and quick checks only.
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { substream } from '@xai/core';

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

/**
 * Stratified hold-out, as @xai/data's `stratifiedSplit`: one stream
 * `substream(seed, 'stratifiedSplit', ...keys)`, classes in ascending order, round(f · n_c)
 * rows per class; both parts keep file order.
 */
export function stratifiedSplit(y, fraction, seed, keys) {
  const rng = substream(seed, 'stratifiedSplit', ...keys);
  const held = new Uint8Array(y.length);
  for (const c of [...new Set(y)].sort((a, b) => a - b)) {
    const rows = [];
    for (let i = 0; i < y.length; i++) if (y[i] === c) rows.push(i);
    const k = Math.round(fraction * rows.length);
    const pick = rng.choice(rows.length, k);
    for (let t = 0; t < k; t++) held[rows[pick[t]]] = 1;
  }
  const kept = [];
  const heldOut = [];
  for (let i = 0; i < y.length; i++) (held[i] ? heldOut : kept).push(i);
  return { kept, heldOut };
}

function pick(part, rows) {
  const d = part.x.cols;
  const x = new Float64Array(rows.length * d);
  rows.forEach((i, r) => {
    x.set(part.x.data.subarray(i * d, i * d + d), r * d);
  });
  return { x: { rows: rows.length, cols: d, data: x }, y: Int32Array.from(rows, (i) => part.y[i]) };
}

/** Fits min-max on `fit` and applies (x − min) · (1 / range) in place to every split (range 0 → factor 1). */
function minMax(fit, splits) {
  const { rows, cols, data } = fit.x;
  const lo = new Float64Array(cols).fill(Infinity);
  const hi = new Float64Array(cols).fill(-Infinity);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const v = data[i * cols + j];
      if (v < lo[j]) lo[j] = v;
      if (v > hi[j]) hi[j] = v;
    }
  const factor = Float64Array.from(lo, (l, j) => (hi[j] - l > 0 ? 1 / (hi[j] - l) : 1));
  for (const s of splits) {
    const D = s.x.data;
    for (let i = 0; i < s.x.rows; i++) for (let j = 0; j < cols; j++) D[i * cols + j] = (D[i * cols + j] - lo[j]) * factor[j];
  }
}

/** Datasets whose files are present, in a fixed order. */
export function availableDatasets() {
  return ['adult', 'compas', 'gaussian', 'german', 'heloc', 'pima', 'gmsc', 'heart'].filter(
    (name) => existsSync(join(DATA_DIR, name, `${name}-train.csv`)) || existsSync(join(DATA_DIR, name, `${name}-full.csv`)),
  );
}

/**
 * {train, validation, test, hash, files, note}: validation held out of train
 * (`validationFraction`, 0 = none), min-max fitted on the remaining train rows only
 * (`scaling: 'train'`), or fitted per file (`'per-file'`: train file, test file).
 * `preset` sets both as @xai/data does ('openxai': 0 and 'per-file'; else 0.1 and 'train').
 */
export function loadSplits(
  name,
  {
    preset = 'default',
    seed = 0,
    validationFraction = preset === 'openxai' ? 0 : 0.1,
    scaling = preset === 'openxai' ? 'per-file' : 'train',
  } = {},
) {
  const dir = join(DATA_DIR, name);
  const trainFile = join(dir, `${name}-train.csv`);
  const steps = [];
  let files, trainAll, test;
  if (existsSync(trainFile)) {
    files = [trainFile, join(dir, `${name}-test.csv`)];
    trainAll = parse(files[0]);
    test = parse(files[1]);
  } else {
    files = [join(dir, `${name}-full.csv`)];
    const full = parse(files[0]);
    const { kept, heldOut } = stratifiedSplit(full.y, 0.2, 0, [name, 'train/test']);
    trainAll = pick(full, kept);
    test = pick(full, heldOut);
    steps.push(`split ${name}-full.csv 80/20 stratified (seed 0)`);
  }
  let train = trainAll;
  let validation;
  if (validationFraction > 0) {
    const { kept, heldOut } = stratifiedSplit(trainAll.y, validationFraction, seed, [name, 'validation']);
    train = pick(trainAll, kept);
    validation = pick(trainAll, heldOut);
    steps.push(`held out ${validationFraction * 100}% of train as validation (stratified, seed ${seed})`);
  }
  if (scaling === 'per-file') {
    minMax(test, [test]);
    minMax(train, [train, ...(validation ? [validation] : [])]);
    steps.push('min-max scaled per file (train file, test file), as OpenXAI');
  } else {
    minMax(train, [train, ...(validation ? [validation] : []), test]);
    steps.push('min-max scaled with statistics of the training part only');
  }
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(f));
  return { train, validation, test, hash: h.digest('hex'), files, note: steps.join('; ') };
}
