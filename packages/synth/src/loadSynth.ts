import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XaiError, checkOptions, describeValue } from '@xai/core';
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
  checkOptions(options, ['verify'], fn);
  if (typeof dir !== 'string' || dir === '')
    throw new XaiError('BAD_INPUT', `expected a directory path, got ${describeValue(dir)}`, { fn, arg: 'dir', value: dir });
  const verify = options.verify ?? 'files';
  if (verify !== 'files' && verify !== 'regenerate')
    throw new XaiError('BAD_OPTION', `expected 'files' or 'regenerate', got ${describeValue(verify)}`, {
      fn,
      arg: 'options.verify',
      value: verify,
    });

  const manifestPath = join(dir, MANIFEST_FILE);
  const manifestText = (await readBytes(manifestPath, fn)).toString('utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch (e) {
    throw new XaiError('PARSE_ERROR', `${manifestPath}: not JSON: ${(e as Error).message}`, {
      fn,
      arg: 'dir',
      value: manifestPath,
      file: manifestPath,
    });
  }
  const { manifest, params } = checkManifest(raw, fn, manifestPath);
  const listed = manifest.files;
  if (!Array.isArray(listed))
    throw new XaiError('BAD_INPUT', `${manifestPath}: lists no files (not written by saveSynth?)`, {
      fn,
      arg: 'manifest.files',
      value: listed,
    });

  // Reads a listed file and checks its bytes before anything is parsed.
  const read = async (file: string): Promise<string> => {
    const entry = (listed as readonly SynthFileEntry[]).find((f) => f?.file === file);
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

  const d = params.dim;
  const K = params.clusters;
  const names = featureNames(d);
  const splits: Partial<Record<(typeof SPLIT_NAMES)[number], SplitParts>> = {};
  for (const split of SPLIT_NAMES) {
    const rows = manifest.rows[split];
    if (rows === 0) continue;
    const fx = featuresFile(split);
    const feat = parseNumericCsv(await read(fx), join(dir, fx), featuresHeader(d), fn);
    const fc = clustersFile(split);
    const clus = parseNumericCsv(await read(fc), join(dir, fc), CLUSTERS_HEADER, fn);
    const fg = groundTruthFile(split);
    const gt = parseNumericCsv(await read(fg), join(dir, fg), names, fn);
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
    const x = new Float64Array(rows * d);
    const y = new Int32Array(rows);
    const clusters = new Int32Array(rows);
    const probabilities = new Float64Array(rows);
    for (let i = 0; i < rows; i++) {
      x.set(feat.data.subarray(i * (d + 1), i * (d + 1) + d), i * d);
      const label = feat.data[i * (d + 1) + d]!;
      if (label !== 0 && label !== 1)
        throw new XaiError('PARSE_ERROR', `${join(dir, fx)}: line ${i + 2}, column target: label ${label} is not 0 or 1`, {
          fn,
          arg: 'file',
          value: label,
          file: join(dir, fx),
          line: i + 2,
          column: 'target',
        });
      y[i] = label;
      const k = clus.data[2 * i]!;
      if (!Number.isInteger(k) || k < 0 || k >= K)
        throw new XaiError('PARSE_ERROR', `${join(dir, fc)}: line ${i + 2}, column cluster_idx: ${k} is not a cluster in [0, ${K})`, {
          fn,
          arg: 'file',
          value: k,
          file: join(dir, fc),
          line: i + 2,
          column: 'cluster_idx',
        });
      clusters[i] = k;
      probabilities[i] = clus.data[2 * i + 1]!;
    }
    splits[split] = { x: { rows, cols: d, data: x }, y, groundTruth: { rows, cols: d, data: gt.data }, clusters, probabilities };
  }
  const dgp = parseDgp(await read(DGP_FILE), join(dir, DGP_FILE), K, d, fn);
  if (splits.train === undefined || splits.test === undefined)
    throw new XaiError('BAD_INPUT', `${manifestPath}: train or test split has no rows`, { fn, arg: 'manifest.rows', value: manifest.rows });
  const parts: SynthParts = {
    train: splits.train,
    test: splits.test,
    ...(splits.validation ? { validation: splits.validation } : {}),
    dgp,
  };
  const ds = assembleSynthDataset(params, parts, listed);
  if (ds.manifest.dataSha256 !== manifest.dataSha256) {
    throw new XaiError(
      'CHECKSUM_MISMATCH',
      `${manifestPath}: the loaded arrays hash to ${ds.manifest.dataSha256}, the manifest says ${manifest.dataSha256}`,
      { fn, arg: 'manifest.dataSha256', value: manifest.dataSha256, actual: ds.manifest.dataSha256 },
    );
  }
  if (verify === 'regenerate') {
    const again = generateSynthGauss(params);
    if (again.manifest.dataSha256 !== manifest.dataSha256) {
      throw new XaiError(
        'CHECKSUM_MISMATCH',
        `${manifestPath}: regenerating from the parameters gives data hash ${again.manifest.dataSha256}, the manifest says ${manifest.dataSha256}`,
        { fn, arg: 'manifest.dataSha256', value: manifest.dataSha256, actual: again.manifest.dataSha256 },
      );
    }
  }
  return ds;
}

async function readBytes(path: string, fn: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new XaiError('NOT_FOUND', `${path}: no such file`, { fn, arg: 'dir', value: path, file: path });
    throw new XaiError('BAD_INPUT', `${path}: cannot read (${code ?? (e as Error).message})`, { fn, arg: 'dir', value: path, file: path });
  }
}

function parseDgp(text: string, path: string, K: number, d: number, fn: string): SynthGaussDgp {
  const bad = (what: string): XaiError => new XaiError('PARSE_ERROR', `${path}: ${what}`, { fn, arg: 'file', value: path, file: path });
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw bad(`not JSON: ${(e as Error).message}`);
  }
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
