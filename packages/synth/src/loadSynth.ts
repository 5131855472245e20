import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XaiError, checkOptions, describeValue, enumOption, parseJsonText, systemError } from '@xai/core';
import type { Matrix } from '@xai/core';
import { generateSynthGauss } from './generateSynthGauss.js';
import { SPLIT_NAMES, assembleSynthDataset } from './internal/assembleSynthDataset.js';
import type { SplitParts, SynthParts } from './internal/assembleSynthDataset.js';
import { checkManifest } from './internal/checkManifest.js';
import {
  CLUSTERS_HEADER,
  DGP_FILE,
  MANIFEST_FILE,
  clustersFile,
  featureNames,
  featuresFile,
  featuresHeader,
  groundTruthFile,
} from './internal/fileLayout.js';
import { parseNumericCsv } from './internal/numericCsv.js';
import { sha256Hex } from '@xai/core';
import type { SynthGaussParams } from './resolveSynthGaussParams.js';
import type { SynthDataset, SynthFileEntry, SynthGaussDgp } from './synthDataset.js';

/** Options of `loadSynth`. */
export interface LoadSynthOptions {
  /**
   * `files`: check every file against the manifest's sha256 and the arrays against its
   * dataSha256. `regenerate`: also regenerate from the parameters and compare.
   * @defaultValue 'files'
   */
  readonly verify?: 'files' | 'regenerate';
}

/**
 * Reads a folder written by `saveSynth` and verifies it: the manifest's id must be the
 * hash of its parameters, every file must match its listed sha256, and the parsed arrays
 * must hash to the manifest's dataSha256. Any difference is a CHECKSUM_MISMATCH naming
 * the file; a missing folder or file is NOT_FOUND; a malformed file is PARSE_ERROR.
 * @example const ds = await loadSynth('out/synth')
 * @since 0.1.0
 */
export async function loadSynth(dir: string, options: LoadSynthOptions = {}): Promise<SynthDataset> {
  const fn = 'loadSynth';
  // 1. Arguments, then the manifest.
  checkOptions(options, ['verify'], fn);
  if (typeof dir !== 'string' || dir === '')
    throw new XaiError('BAD_INPUT', `expected a directory path, got ${describeValue(dir)}`, { fn, arg: 'dir', value: dir });
  const verify = enumOption(options.verify, fn, 'options.verify', { values: ['files', 'regenerate'], fallback: 'files' });
  const { manifestPath, manifest, params } = await readManifest(dir, fn);
  // 2. Every split from its verified files, then the data-generating process.
  const read = verifiedReader(dir, manifestPath, manifest.files, fn);
  const splits: Partial<Record<(typeof SPLIT_NAMES)[number], SplitParts>> = {};
  for (const split of SPLIT_NAMES) {
    const rows = manifest.rows[split];
    if (rows !== 0) splits[split] = await readSplit(split, rows, params, dir, read, fn);
  }
  const dgp = parseDgp(await read(DGP_FILE), join(dir, DGP_FILE), params.clusters, params.dim, fn);
  if (splits.train === undefined || splits.test === undefined)
    throw new XaiError('BAD_INPUT', `${manifestPath}: train or test split has no rows`, { fn, arg: 'manifest.rows', value: manifest.rows });
  const parts: SynthParts = {
    train: splits.train,
    test: splits.test,
    ...(splits.validation ? { validation: splits.validation } : {}),
    dgp,
  };
  // 3. The arrays must hash to the manifest's data hash (and regenerate to it, when asked).
  const ds = assembleSynthDataset(params, parts, manifest.files);
  checkDataHash(ds.manifest.dataSha256, manifest.dataSha256, manifestPath, 'the loaded arrays hash to', fn);
  if (verify === 'regenerate')
    checkDataHash(
      generateSynthGauss(params).manifest.dataSha256,
      manifest.dataSha256,
      manifestPath,
      'regenerating from the parameters gives data hash',
      fn,
    );
  return ds;
}

function checkDataHash(actual: string, expected: string, manifestPath: string, what: string, fn: string): void {
  if (actual === expected) return;
  throw new XaiError('CHECKSUM_MISMATCH', `${manifestPath}: ${what} ${actual}, the manifest says ${expected}`, {
    fn,
    arg: 'manifest.dataSha256',
    value: expected,
    actual,
  });
}

type Manifest = ReturnType<typeof checkManifest>['manifest'];

async function readManifest(
  dir: string,
  fn: string,
): Promise<{ manifestPath: string; manifest: Manifest & { files: readonly SynthFileEntry[] }; params: SynthGaussParams }> {
  const manifestPath = join(dir, MANIFEST_FILE);
  const manifestText = (await readBytes(manifestPath, fn)).toString('utf8');
  const raw = parseJsonText(manifestText, { file: manifestPath, fn, arg: 'dir' });
  const { manifest, params } = checkManifest(raw, fn, manifestPath);
  if (!Array.isArray(manifest.files))
    throw new XaiError('BAD_INPUT', `${manifestPath}: lists no files (not written by saveSynth?)`, {
      fn,
      arg: 'manifest.files',
      value: manifest.files,
    });
  return { manifestPath, manifest: manifest as Manifest & { files: readonly SynthFileEntry[] }, params };
}

/** Reads a listed file and checks its bytes against the manifest before anything is parsed. */
function verifiedReader(
  dir: string,
  manifestPath: string,
  listed: readonly SynthFileEntry[],
  fn: string,
): (file: string) => Promise<string> {
  return async (file) => {
    const entry = listed.find((f) => f?.file === file);
    if (entry === undefined)
      throw new XaiError('CHECKSUM_MISMATCH', `${manifestPath}: does not list ${file}`, { fn, arg: 'manifest.files', value: file, file });
    const path = join(dir, file);
    const bytes = await readBytes(path, fn);
    const sha = sha256Hex(bytes);
    if (sha !== entry.sha256) {
      throw new XaiError(
        'CHECKSUM_MISMATCH',
        `${path}: sha256 ${sha} differs from the manifest's ${describeValue(entry.sha256)} (file changed since it was saved)`,
        { fn, arg: 'file', value: path, file: path, expected: entry.sha256, actual: sha },
      );
    }
    return bytes.toString('utf8');
  };
}

/** One split: features with labels, clusters with probabilities, and the ground truth, each the manifest's row count. */
async function readSplit(
  split: (typeof SPLIT_NAMES)[number],
  rows: number,
  params: SynthGaussParams,
  dir: string,
  read: (file: string) => Promise<string>,
  fn: string,
): Promise<SplitParts> {
  const d = params.dim;
  const fx = featuresFile(split);
  const feat = parseNumericCsv(await read(fx), join(dir, fx), featuresHeader(d), fn);
  const fc = clustersFile(split);
  const clus = parseNumericCsv(await read(fc), join(dir, fc), CLUSTERS_HEADER, fn);
  const fg = groundTruthFile(split);
  const gt = parseNumericCsv(await read(fg), join(dir, fg), featureNames(d), fn);
  for (const [file, got] of [
    [fx, feat.rows],
    [fc, clus.rows],
    [fg, gt.rows],
  ] as const) {
    if (got !== rows)
      throw new XaiError('PARSE_ERROR', `${join(dir, file)}: ${got} rows, the manifest says ${rows}`, {
        fn,
        arg: 'file',
        value: got,
        file: join(dir, file),
      });
  }
  const { x, y, clusters, probabilities } = splitColumns(feat.data, clus.data, rows, d, params.clusters, join(dir, fx), join(dir, fc), fn);
  return { x: { rows, cols: d, data: x }, y, groundTruth: { rows, cols: d, data: gt.data }, clusters, probabilities };
}

/** Features and labels from the features file, cluster ids and probabilities from the clusters file, each value checked. */
function splitColumns(
  feat: Float64Array,
  clus: Float64Array,
  rows: number,
  d: number,
  K: number,
  featPath: string,
  clusPath: string,
  fn: string,
): { x: Float64Array; y: Int32Array; clusters: Int32Array; probabilities: Float64Array } {
  const x = new Float64Array(rows * d);
  const y = new Int32Array(rows);
  const clusters = new Int32Array(rows);
  const probabilities = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    x.set(feat.subarray(i * (d + 1), i * (d + 1) + d), i * d);
    const label = feat[i * (d + 1) + d]!;
    if (label !== 0 && label !== 1)
      throw new XaiError('PARSE_ERROR', `${featPath}: line ${i + 2}, column target: label ${label} is not 0 or 1`, {
        fn,
        arg: 'file',
        value: label,
        file: featPath,
        line: i + 2,
        column: 'target',
      });
    y[i] = label;
    const k = clus[2 * i]!;
    if (!Number.isInteger(k) || k < 0 || k >= K)
      throw new XaiError('PARSE_ERROR', `${clusPath}: line ${i + 2}, column cluster_idx: ${k} is not a cluster in [0, ${K})`, {
        fn,
        arg: 'file',
        value: k,
        file: clusPath,
        line: i + 2,
        column: 'cluster_idx',
      });
    clusters[i] = k;
    probabilities[i] = clus[2 * i + 1]!;
  }
  return { x, y, clusters, probabilities };
}

async function readBytes(path: string, fn: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    throw systemError(e, { fn, path, action: 'read', arg: 'dir' });
  }
}

function parseDgp(text: string, path: string, K: number, d: number, fn: string): SynthGaussDgp {
  const bad = (what: string): XaiError => new XaiError('PARSE_ERROR', `${path}: ${what}`, { fn, arg: 'file', value: path, file: path });
  const raw = parseJsonText(text, { file: path, fn, arg: 'file' }) as Record<string, unknown>;
  const mat = (key: string): Matrix => {
    const rows = raw[key];
    if (!Array.isArray(rows) || rows.length !== K) throw bad(`${key}: expected ${K} rows`);
    const data = new Float64Array(K * d);
    rows.forEach((r: unknown, k) => {
      if (!Array.isArray(r) || r.length !== d) throw bad(`${key}[${k}]: expected ${d} numbers`);
      r.forEach((v: unknown, j) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`${key}[${k}][${j}]: not a finite number`);
        data[k * d + j] = v;
      });
    });
    return { rows: K, cols: d, data };
  };
  const t = raw.threshold as { kind?: unknown; value?: unknown } | undefined;
  if (t === undefined || (t.kind !== 'median-logit' && t.kind !== 'grid-probability') || typeof t.value !== 'number')
    throw bad('threshold: expected { kind, value }');
  return {
    centres: mat('centres'),
    weights: mat('weights'),
    masks: mat('masks'),
    effectiveWeights: mat('effectiveWeights'),
    threshold: { kind: t.kind, value: t.value },
  };
}
