// The part of loading a registry dataset that needs no file system: parse the files' bytes,
// check their columns, split, carve validation, scale, hash and record every step. Shared by
// loadDataset (Node: disk, cache, download), fetchDataset (fetch) and parseDataset (text).
import type { FeatureSchema, Matrix, Preset, Split } from '@xai/core';
import { PRESETS, XaiError, describeValue, enumOption, numberOption, seedOption, selectRows } from '@xai/core';
import type { DatasetFile, DatasetInfo } from '../datasetInfo.js';
import { DATAVERSE_PREFIX } from '../datasetRegistry.js';
import { inferFeatureKinds } from '../inferFeatureKinds.js';
import type { DatasetProvenance, FileSource, LoadedDataset, LoadedSensitive, ProvenanceFile, ScalingMode } from '../loadedDataset.js';
import type { MinMaxScaler } from '../minMaxScaler.js';
import { fitMinMaxScaler } from '../minMaxScaler.js';
import type { TabularData } from '../parseCsv.js';
import { stratifiedSplit } from '../stratifiedSplit.js';
import type { Layout } from './datasetLayout.js';
import { parseCsvAs } from './parseCsvAs.js';
import { processingHash } from './processingHash.js';
import { sha256Hex } from '@xai/core';

/** Options every registry loader shares (how the splits are made and scaled). */
export interface DatasetProcessingOptions {
  /** `openxai`: a scaler per file and no validation split, as the released code. @defaultValue 'default' */
  readonly preset?: Preset;
  /** Fraction of each class of train held out for model selection. @defaultValue 0.1 (0 for `openxai`) */
  readonly validationFraction?: number;
  /** Seed of the validation split. @defaultValue 0 */
  readonly seed?: number;
  /** Override the preset's scaling: fitted on train, one per file, or none. */
  readonly scaling?: ScalingMode;
  /** Compare every file with its known sha256. @defaultValue true */
  readonly verify?: boolean;
}

export const PROCESSING_KEYS = ['preset', 'validationFraction', 'seed', 'scaling', 'verify'] as const;

/** Defaults of the loaders' options that do not depend on the preset. */
export const LOAD_DATASET_DEFAULTS = Object.freeze({ download: true, seed: 0, verify: true, timeoutMs: 60_000, validationFraction: 0.1 });

export interface ResolvedProcessing {
  readonly preset: Preset;
  readonly validationFraction: number;
  readonly seed: number;
  readonly scaling: ScalingMode;
  readonly verify: boolean;
}

export function badOption(fn: string, arg: string, message: string, value: unknown): XaiError {
  return new XaiError('BAD_OPTION', message, { fn, arg, value });
}

/** Defaults filled in and every value checked (BAD_OPTION naming the option). */
export function resolveProcessing(fn: string, options: DatasetProcessingOptions): ResolvedProcessing {
  const d = LOAD_DATASET_DEFAULTS;
  const preset = enumOption(options.preset, fn, 'preset', { values: PRESETS, fallback: 'default' });
  const openxai = preset === 'openxai';
  return {
    preset,
    validationFraction: numberOption(options.validationFraction, fn, 'validationFraction', {
      min: 0,
      below: 1,
      fallback: openxai ? 0 : d.validationFraction,
    }),
    seed: seedOption(options.seed, fn, 'seed', { fallback: d.seed }),
    scaling: enumOption(options.scaling, fn, 'scaling', {
      values: ['train', 'per-file', 'none'],
      fallback: openxai ? 'per-file' : 'train',
    }),
    verify: (options.verify ?? d.verify) !== false,
  };
}

/** The address a file is fetched from, with a mirror replacing the Dataverse prefix. */
export function urlOf(file: DatasetFile, mirror: string | undefined): string | undefined {
  if (file.url === undefined || mirror === undefined) return file.url;
  const base = mirror.endsWith('/') ? mirror : `${mirror}/`;
  return file.url.startsWith(DATAVERSE_PREFIX) ? base + file.url.slice(DATAVERSE_PREFIX.length) : file.url;
}

/** How a file's checksum was settled, in words for `provenance.steps`. */
export const CHECK_WORDS = {
  registry: 'sha256 matches the registry',
  recorded: 'sha256 matches the checksum recorded at first download (not a published one)',
  recordedNow: 'sha256 unverified (no published checksum; recorded now)',
  skipped: 'sha256 not checked (verify: false)',
  unverified: 'sha256 unknown (nothing to compare with)',
} as const;

export type CheckWord = keyof typeof CHECK_WORDS;

/** One file's bytes, where they came from and how their checksum was settled. */
export interface FileBytes {
  readonly file: DatasetFile;
  readonly bytes: Uint8Array;
  /** Path or address, for messages and provenance. */
  readonly path: string;
  readonly source: FileSource;
  readonly url?: string;
  readonly sha256: string;
  readonly check: CheckWord;
}

/**
 * Compares a file's sha256 with the registry's (or a recorded one): CHECKSUM_MISMATCH
 * naming the file and how to fix it; otherwise how the check was settled.
 */
export function settleChecksum(
  fn: string,
  path: string,
  bytes: number,
  sha256: string,
  expected: string | undefined,
  fromRegistry: boolean,
  verify: boolean,
  fix: string,
): CheckWord {
  if (!verify) return 'skipped';
  if (expected === undefined) return 'unverified';
  if (sha256 !== expected) {
    throw new XaiError(
      'CHECKSUM_MISMATCH',
      `${path} has sha256 ${sha256} (${bytes} bytes), expected ${expected}: the file is truncated, corrupt or another version; ${fix}`,
      { fn, arg: 'file', value: path, file: path, sha256, expected },
    );
  }
  return fromRegistry ? 'registry' : 'recorded';
}

interface ReadFile {
  readonly file: DatasetFile;
  readonly table: TabularData;
  readonly provenance: ProvenanceFile;
  readonly check: CheckWord;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, j) => n === b[j]);
}

/** Registry schema when the columns are the registry's; otherwise the file's own (only for files we hold no checksum of). */
function schemaFor(fn: string, info: DatasetInfo, parts: readonly ReadFile[], warnings: string[]): FeatureSchema {
  const first = parts[0]!;
  const names = first.table.schema.names;
  for (const p of parts.slice(1)) {
    if (!sameNames(p.table.schema.names, names)) {
      throw new XaiError(
        'BAD_INPUT',
        `${p.provenance.path} has columns ${p.table.schema.names.join(',')}, but ${first.provenance.path} has ${names.join(',')}`,
        { fn, arg: 'file', value: p.provenance.path },
      );
    }
  }
  if (sameNames(names, info.featureNames))
    return { names: [...info.featureNames], kinds: [...info.kinds], groups: info.groups.map((g) => [...g]) };
  const known = parts.find((p) => p.file.sha256 !== undefined);
  const missing = info.featureNames.filter((n) => !names.includes(n));
  const extra = names.filter((n) => !info.featureNames.includes(n));
  const diff = `missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`;
  if (known) {
    throw new XaiError('BAD_INPUT', `${known.provenance.path}: its feature columns differ from the registry's for ${info.name} (${diff})`, {
      fn,
      arg: 'file',
      value: known.provenance.path,
      missing,
      extra,
    });
  }
  warnings.push(`the columns of ${info.name} differ from the registry (${diff}); using the file's columns with inferred kinds`);
  let all: Matrix = first.table.x;
  if (parts.length > 1) {
    const d = names.length;
    const data = new Float64Array(parts.reduce((s, p) => s + p.table.x.rows, 0) * d);
    let at = 0;
    for (const p of parts) {
      data.set(p.table.x.data, at);
      at += p.table.x.data.length;
    }
    all = { rows: data.length / d, cols: d, data };
  }
  return { names: [...names], kinds: inferFeatureKinds(all), groups: [] };
}

function sensitiveGroups(
  fn: string,
  info: DatasetInfo,
  schema: FeatureSchema,
  raws: { train: Matrix; validation?: Matrix; test: Matrix },
  warnings: string[],
): LoadedSensitive | undefined {
  const s = info.sensitive;
  if (!s) return undefined;
  const j = schema.names.indexOf(s.column);
  if (j < 0) {
    warnings.push(`sensitive column ${s.column} is absent; no subgroups`);
    return undefined;
  }
  const groupsOf = (m: Matrix, split: string): Int32Array => {
    const out = new Int32Array(m.rows);
    for (let i = 0; i < m.rows; i++) {
      const v = m.data[i * m.cols + j]!;
      if (!(Number.isInteger(v) && v >= 0 && v < s.groups.length)) {
        throw new XaiError(
          'BAD_INPUT',
          `sensitive column ${s.column} holds ${describeValue(v)} in ${split} row ${i}; expected 0..${s.groups.length - 1}`,
          { fn, arg: 'file', value: v, row: i },
        );
      }
      out[i] = v;
    }
    return out;
  };
  return {
    name: s.name,
    column: s.column,
    groups: [...s.groups],
    train: groupsOf(raws.train, 'train'),
    test: groupsOf(raws.test, 'test'),
    ...(raws.validation ? { validation: groupsOf(raws.validation, 'validation') } : {}),
  };
}

/** Rows `rows` of `x` and `y`. */
export function pickRows(x: Matrix, y: Int32Array, rows: Int32Array): { x: Matrix; y: Int32Array } {
  const yy = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) yy[k] = y[rows[k]!]!;
  return { x: selectRows(x, rows), y: yy };
}

function identityScaler(d: number, names: readonly string[]): MinMaxScaler {
  const zeroOne: Matrix = { rows: 2, cols: d, data: new Float64Array(2 * d).fill(1, d) };
  return fitMinMaxScaler(zeroOne, { featureNames: names });
}

/**
 * Parses every file of `layout`, then splits, scales and hashes: the whole of loading once
 * the bytes are in hand. `steps` may already hold what was done to get them (downloads).
 */
export function assembleDataset(
  fn: string,
  info: DatasetInfo,
  layout: Layout,
  files: readonly FileBytes[],
  processing: ResolvedProcessing,
  steps: string[] = [],
): LoadedDataset {
  const { preset, validationFraction, seed, scaling } = processing;
  const warnings: string[] = [];
  // 1. Parse every file, noting how its bytes were checked; the schema.
  const parts = readFiles(fn, info, files, steps, warnings);
  const schema = schemaFor(fn, info, parts, warnings);
  // 2. Train / test (published or ours), then validation carved from train (never from test).
  const { trainFile, testFile, split } = trainTest(info, layout, parts, steps);
  const { rawTrain, rawValidation } = carveValidation(info, trainFile, validationFraction, seed, steps);
  // 3. Scaling, as the preset asks.
  const { scaler, testScaler } = fitScalers(scaling, schema.names, rawTrain, trainFile, testFile, rawValidation !== undefined, steps);
  const split3 = (part: RawPart, s: MinMaxScaler): Split => ({ x: s.transform(part.x), y: part.y });
  const train = split3(rawTrain, scaler);
  const validation = rawValidation ? split3(rawValidation, scaler) : undefined;
  const test = split3(testFile, testScaler ?? scaler);
  const raw = { train: rawTrain.x, ...(rawValidation ? { validation: rawValidation.x } : {}), test: testFile.x };
  const sensitive = sensitiveGroups(fn, info, schema, raw, warnings);
  // 4. Hashes of the inputs and of every processing choice.
  const hash = sha256Hex(parts.map((p) => `${p.provenance.file}:${p.provenance.sha256}\n`).join(''));
  const processingId = processingHash({
    inputs: hash,
    preset,
    scaling,
    validationFraction,
    seed,
    ...(split ? { split: { testFraction: split.testFraction, seed: split.seed } } : {}),
  });
  const provenance: DatasetProvenance = {
    dataset: info.name,
    preset,
    files: parts.map((p) => p.provenance),
    scaling,
    ...(split ? { split } : {}),
    validation: { fraction: validationFraction, seed, rows: rawValidation?.x.rows ?? 0 },
    steps,
    warnings,
  };
  return {
    name: info.name,
    info,
    schema,
    classes: 2,
    train,
    ...(validation ? { validation } : {}),
    test,
    ...(sensitive ? { sensitive } : {}),
    scaler,
    ...(testScaler ? { testScaler } : {}),
    raw,
    hash,
    processingHash: processingId,
    provenance,
  };
}

type RawPart = { x: Matrix; y: Int32Array };

function readFiles(fn: string, info: DatasetInfo, files: readonly FileBytes[], steps: string[], warnings: string[]): ReadFile[] {
  const parts: ReadFile[] = files.map((f) => {
    const table = parseCsvAs(fn, f.bytes, { file: f.path, label: info.label, labelKind: 'binary' });
    const verified: ProvenanceFile['verified'] =
      f.check === 'registry' || f.check === 'recorded' || f.check === 'skipped' ? f.check : 'unverified';
    return {
      file: f.file,
      table,
      check: f.check,
      provenance: {
        role: f.file.role,
        file: f.file.file,
        path: f.path,
        source: f.source,
        ...(f.url ? { url: f.url } : {}),
        sha256: f.sha256,
        verified,
        bytes: f.bytes.length,
        rows: table.x.rows,
      },
    };
  });
  for (const p of parts) {
    const v = p.provenance;
    steps.push(`read ${v.file} (${v.rows} rows) from ${v.source}; ${CHECK_WORDS[p.check]}`);
    if (p.check === 'recordedNow')
      warnings.push(
        `${v.file}: checksum unverified: no published checksum exists; sha256 ${v.sha256} was recorded now, so later reads detect corruption but nobody has checked this download`,
      );
    else if (p.check === 'recorded')
      warnings.push(`${v.file}: checked only against the checksum recorded at its first download, not a published one`);
    else if (v.verified === 'unverified' || v.verified === 'skipped') warnings.push(`${v.file}: checksum not verified`);
  }
  return parts;
}

/** Train / test: the published split, or our stratified split of an unsplit file. */
function trainTest(
  info: DatasetInfo,
  layout: Layout,
  parts: readonly ReadFile[],
  steps: string[],
): { trainFile: RawPart; testFile: RawPart; split: DatasetProvenance['split'] } {
  if (layout.kind !== 'full') {
    const [tr, te] = parts as [ReadFile, ReadFile];
    return { trainFile: { x: tr.table.x, y: tr.table.y! }, testFile: { x: te.table.x, y: te.table.y! }, split: undefined };
  }
  const all = parts[0]!.table;
  const testFraction = info.splitTestFraction ?? 0.2;
  const splitSeed = info.splitSeed ?? 0;
  const { kept, heldOut } = stratifiedSplit(all.y!, testFraction, { seed: splitSeed, keys: [info.name, 'train/test'] });
  const split = { from: parts[0]!.file.file, testFraction, seed: splitSeed, trainRows: kept.length, testRows: heldOut.length };
  steps.push(
    `split ${split.from} stratified ${Math.round((1 - testFraction) * 100)}/${Math.round(testFraction * 100)} (seed ${splitSeed}): ${kept.length} train, ${heldOut.length} test rows, each in file order`,
  );
  return { trainFile: pickRows(all.x, all.y!, kept), testFile: pickRows(all.x, all.y!, heldOut), split };
}

function carveValidation(
  info: DatasetInfo,
  trainFile: RawPart,
  validationFraction: number,
  seed: number,
  steps: string[],
): { rawTrain: RawPart; rawValidation: RawPart | undefined } {
  if (!(validationFraction > 0)) return { rawTrain: trainFile, rawValidation: undefined };
  const { kept, heldOut } = stratifiedSplit(trainFile.y, validationFraction, { seed, keys: [info.name, 'validation'] });
  steps.push(
    `held out a stratified validation split of ${Math.round(validationFraction * 1000) / 10}% of train (seed ${seed}): ${heldOut.length} rows; ${kept.length} train rows remain`,
  );
  return { rawTrain: pickRows(trainFile.x, trainFile.y, kept), rawValidation: pickRows(trainFile.x, trainFile.y, heldOut) };
}

function fitScalers(
  scaling: ScalingMode,
  names: readonly string[],
  rawTrain: RawPart,
  trainFile: RawPart,
  testFile: RawPart,
  hasValidation: boolean,
  steps: string[],
): { scaler: MinMaxScaler; testScaler: MinMaxScaler | undefined } {
  if (scaling === 'train') {
    steps.push(
      `min-max scaler fitted on the ${rawTrain.x.rows} train rows, applied to train, ${hasValidation ? 'validation and ' : ''}test`,
    );
    return { scaler: fitMinMaxScaler(rawTrain.x, { featureNames: names }), testScaler: undefined };
  }
  if (scaling === 'per-file') {
    steps.push(
      `min-max scaler per file (openxai): one fitted on the whole train file (${trainFile.x.rows} rows) for train${hasValidation ? ' and validation' : ''}, another fitted on the test file for test`,
    );
    return {
      scaler: fitMinMaxScaler(trainFile.x, { featureNames: names }),
      testScaler: fitMinMaxScaler(testFile.x, { featureNames: names }),
    };
  }
  steps.push('no scaling');
  return { scaler: identityScaler(names.length, names), testScaler: undefined };
}
