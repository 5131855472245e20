import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FeatureSchema, Matrix, Preset, Split } from '@xai/core';
import { PRESETS, XaiError, describeValue, selectRows } from '@xai/core';
import type { DatasetFile, DatasetInfo, DatasetName } from './datasetInfo.js';
import { defaultCacheDir, defaultDataDir } from './datasetDirs.js';
import { DATAVERSE_PREFIX, DATASET_NAMES, datasetRegistry, isDatasetName } from './datasetRegistry.js';
import { inferFeatureKinds } from './inferFeatureKinds.js';
import type { Layout } from './internal/datasetLayout.js';
import { datasetFilePath, findLayout, layoutsOf } from './internal/datasetLayout.js';
import { downloadFile } from './internal/downloadFile.js';
import { readFileBytes } from './internal/readFileBytes.js';
import { processingHash } from './internal/processingHash.js';
import { sha256Hex } from './internal/sha256.js';
import type { DatasetProvenance, FileSource, LoadedDataset, LoadedSensitive, ProvenanceFile, ScalingMode } from './loadedDataset.js';
import type { MinMaxScaler } from './minMaxScaler.js';
import { fitMinMaxScaler } from './minMaxScaler.js';
import type { TabularData } from './parseCsv.js';
import { parseCsvAs } from './internal/parseCsvAs.js';
import { stratifiedSplit } from './stratifiedSplit.js';

export interface LoadDatasetOptions {
  /** Local folder laid out as `<dataDir>/<name>/<file>` (e.g. `shared/datasets`), looked at first. @defaultValue $XAI_DATA_DIR */
  readonly dataDir?: string;
  /** Download cache, same layout, looked at second. @defaultValue {@link defaultCacheDir} */
  readonly cacheDir?: string;
  /** `openxai`: a scaler per file and no validation split, as the released code. @defaultValue 'default' */
  readonly preset?: Preset;
  /** Fetch missing files from their canonical address into the cache. @defaultValue true */
  readonly download?: boolean;
  /** The fetch to download with (tests inject one). @defaultValue globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Base URL that replaces `https://dataverse.harvard.edu/api/access/datafile/` (a mirror). */
  readonly mirror?: string;
  /** Fraction of each class of train held out for model selection. @defaultValue 0.1 (0 for `openxai`) */
  readonly validationFraction?: number;
  /** Seed of the validation split. @defaultValue 0 */
  readonly seed?: number;
  /** Override the preset's scaling: fitted on train, one per file, or none. */
  readonly scaling?: ScalingMode;
  /** Compare every file with its known sha256. @defaultValue true */
  readonly verify?: boolean;
  /** Download timeout per file. @defaultValue 60000 */
  readonly timeoutMs?: number;
}

/** Defaults of {@link LoadDatasetOptions} that do not depend on the preset. */
export const LOAD_DATASET_DEFAULTS = Object.freeze({ download: true, seed: 0, verify: true, timeoutMs: 60_000, validationFraction: 0.1 });

const FN = 'loadDataset';

function badOption(arg: string, message: string, value: unknown): XaiError {
  return new XaiError('BAD_OPTION', message, { fn: FN, arg, value });
}

function urlOf(file: DatasetFile, mirror: string | undefined): string | undefined {
  if (file.url === undefined || mirror === undefined) return file.url;
  const base = mirror.endsWith('/') ? mirror : `${mirror}/`;
  return file.url.startsWith(DATAVERSE_PREFIX) ? base + file.url.slice(DATAVERSE_PREFIX.length) : file.url;
}

function manualHint(info: DatasetInfo, layout: Layout, dirs: { dataDir?: string; cacheDir: string }): string {
  const where = (f: DatasetFile): string => {
    const target = dirs.dataDir ? datasetFilePath(dirs.dataDir, info, f) : datasetFilePath(dirs.cacheDir, info, f);
    const sha = f.sha256 ? ` (sha256 ${f.sha256})` : '';
    return `${f.url ? `download ${f.url}` : `obtain ${f.file}`} and save it as ${target}${sha}`;
  };
  return `To supply it by hand: ${layout.files.map(where).join('; ')}${dirs.dataDir ? '' : ' (or put the files under <dir>/' + info.name + '/ and pass dataDir)'}.`;
}

interface ReadFile {
  readonly file: DatasetFile;
  readonly table: TabularData;
  readonly provenance: ProvenanceFile;
  readonly check: keyof typeof CHECK_WORDS;
}

/** How a file's checksum was settled, in words for `provenance.steps`. */
const CHECK_WORDS = {
  registry: 'sha256 matches the registry',
  recorded: 'sha256 matches the checksum recorded at first download (not a published one)',
  recordedNow: 'sha256 unverified (no published checksum; recorded now)',
  skipped: 'sha256 not checked (verify: false)',
  unverified: 'sha256 unknown (nothing to compare with)',
} as const;

async function readOne(info: DatasetInfo, file: DatasetFile, dir: string, source: FileSource, verify: boolean, url: string | undefined, justDownloaded: boolean): Promise<ReadFile> {
  const path = datasetFilePath(dir, info, file);
  const bytes = await readFileBytes(path, FN);
  const sha256 = sha256Hex(bytes);
  let verified: ProvenanceFile['verified'] = 'unverified';
  let check: keyof typeof CHECK_WORDS = 'unverified';
  let expected = file.sha256;
  // The sidecar written by this very call proves nothing: it was computed from these bytes.
  const recordedNow = file.sha256 === undefined && justDownloaded;
  if (expected === undefined && !recordedNow && source !== 'dataDir' && existsSync(`${path}.sha256`)) expected = (await readFile(`${path}.sha256`, 'utf8')).trim();
  if (!verify) { verified = 'skipped'; check = 'skipped'; }
  else if (recordedNow) check = 'recordedNow';
  else if (expected !== undefined) {
    if (sha256 !== expected) {
      const fix = source === 'dataDir' ? 'replace it with the published file, or pass verify: false to use it as it is' : 'delete it so that it is downloaded again, or pass verify: false';
      throw new XaiError('CHECKSUM_MISMATCH', `${path} has sha256 ${sha256} (${bytes.length} bytes), expected ${expected}: the file is truncated, corrupt or another version; ${fix}`, { fn: FN, arg: 'file', value: path, file: path, sha256, expected });
    }
    verified = file.sha256 !== undefined ? 'registry' : 'recorded';
    check = verified;
  }
  const table = parseCsvAs(FN, bytes, { file: path, label: info.label, labelKind: 'binary' });
  return {
    file,
    table,
    check,
    provenance: { role: file.role, file: file.file, path, source, ...(url ? { url } : {}), sha256, verified, bytes: bytes.length, rows: table.x.rows },
  };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, j) => n === b[j]);
}

/** Registry schema when the columns are the registry's; otherwise the file's own (only for files we hold no checksum of). */
function schemaFor(info: DatasetInfo, parts: readonly ReadFile[], warnings: string[]): FeatureSchema {
  const first = parts[0]!;
  const names = first.table.schema.names;
  for (const p of parts.slice(1)) {
    if (!sameNames(p.table.schema.names, names)) {
      throw new XaiError('BAD_INPUT', `${p.provenance.path} has columns ${p.table.schema.names.join(',')}, but ${first.provenance.path} has ${names.join(',')}`, { fn: FN, arg: 'file', value: p.provenance.path });
    }
  }
  if (sameNames(names, info.featureNames)) return { names: [...info.featureNames], kinds: [...info.kinds], groups: info.groups.map((g) => [...g]) };
  const known = parts.find((p) => p.file.sha256 !== undefined);
  const missing = info.featureNames.filter((n) => !names.includes(n));
  const extra = names.filter((n) => !info.featureNames.includes(n));
  const diff = `missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`;
  if (known) {
    throw new XaiError('BAD_INPUT', `${known.provenance.path}: its feature columns differ from the registry's for ${info.name} (${diff})`, { fn: FN, arg: 'file', value: known.provenance.path, missing, extra });
  }
  warnings.push(`the columns of ${info.name} differ from the registry (${diff}); using the file's columns with inferred kinds`);
  let all: Matrix = first.table.x;
  if (parts.length > 1) {
    const d = names.length;
    const data = new Float64Array(parts.reduce((s, p) => s + p.table.x.rows, 0) * d);
    let at = 0;
    for (const p of parts) { data.set(p.table.x.data, at); at += p.table.x.data.length; }
    all = { rows: data.length / d, cols: d, data };
  }
  return { names: [...names], kinds: inferFeatureKinds(all), groups: [] };
}

function sensitiveGroups(info: DatasetInfo, schema: FeatureSchema, raws: { train: Matrix; validation?: Matrix; test: Matrix }, warnings: string[]): LoadedSensitive | undefined {
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
        throw new XaiError('BAD_INPUT', `sensitive column ${s.column} holds ${describeValue(v)} in ${split} row ${i}; expected 0..${s.groups.length - 1}`, { fn: FN, arg: 'file', value: v, row: i });
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

function pick(x: Matrix, y: Int32Array, rows: Int32Array): { x: Matrix; y: Int32Array } {
  const yy = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) yy[k] = y[rows[k]!]!;
  return { x: selectRows(x, rows), y: yy };
}

function identityScaler(d: number, names: readonly string[]): MinMaxScaler {
  const zeroOne: Matrix = { rows: 2, cols: d, data: new Float64Array(2 * d).fill(1, d) };
  return fitMinMaxScaler(zeroOne, { featureNames: names });
}

/**
 * Loads a registry dataset: from `dataDir`, else the cache, else downloads it into the cache
 * (checksum verified before it is written). Splits an unsplit file (pima) stratified 80/20,
 * carves a seeded stratified validation split from train, and min-max scales (fitted on
 * train by default; one scaler per file under the `openxai` preset). Every step is recorded
 * in `provenance`. Errors: NOT_FOUND / OFFLINE (with what was tried and how to supply the
 * file by hand), CHECKSUM_MISMATCH, and the CSV errors of `parseCsv`.
 * @example const adult = await loadDataset('adult', { dataDir: '../shared/datasets' })
 * @since 0.1.0
 */
export async function loadDataset(name: DatasetName, options: LoadDatasetOptions = {}): Promise<LoadedDataset> {
  if (!isDatasetName(name)) throw new XaiError('NOT_FOUND', `unknown dataset ${describeValue(name)}; known: ${DATASET_NAMES.join(', ')}`, { fn: FN, arg: 'name', value: name });
  const info = datasetRegistry[name];
  const preset = options.preset ?? 'default';
  if (!PRESETS.includes(preset)) throw badOption('preset', `preset must be one of ${PRESETS.join(', ')}, got ${describeValue(preset)}`, preset);
  const {
    dataDir = defaultDataDir(),
    cacheDir = defaultCacheDir(),
    download = LOAD_DATASET_DEFAULTS.download,
    mirror,
    seed = LOAD_DATASET_DEFAULTS.seed,
    verify = LOAD_DATASET_DEFAULTS.verify,
    timeoutMs = LOAD_DATASET_DEFAULTS.timeoutMs,
    validationFraction = preset === 'openxai' ? 0 : LOAD_DATASET_DEFAULTS.validationFraction,
    scaling = preset === 'openxai' ? 'per-file' : 'train',
  } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (!(validationFraction >= 0 && validationFraction < 1)) throw badOption('validationFraction', `must be in [0, 1), got ${describeValue(validationFraction)}`, validationFraction);
  if (!Number.isSafeInteger(seed)) throw badOption('seed', `must be a safe integer, got ${describeValue(seed)}`, seed);
  if (scaling !== 'train' && scaling !== 'per-file' && scaling !== 'none') throw badOption('scaling', `must be 'train', 'per-file' or 'none', got ${describeValue(scaling)}`, scaling);
  if (!(timeoutMs > 0)) throw badOption('timeoutMs', `must be positive, got ${describeValue(timeoutMs)}`, timeoutMs);
  if (download && typeof fetchImpl !== 'function') throw badOption('fetch', 'no fetch available; pass options.fetch or download: false', fetchImpl);

  const steps: string[] = [];
  const warnings: string[] = [];
  const tried: string[] = [];
  const downloaded = new Set<string>();
  const lookIn = (dir: string): string[] => layoutsOf(info).flatMap((l) => l.files.map((f) => datasetFilePath(dir, info, f)));

  // 1. Locate: dataDir, then cache, then download into the cache.
  let layout: Layout | undefined;
  let dir = cacheDir;
  let source: FileSource = 'cache';
  if (dataDir !== undefined) {
    layout = findLayout(dataDir, info);
    if (layout) { dir = dataDir; source = 'dataDir'; }
    else tried.push(...lookIn(dataDir));
  }
  if (!layout) {
    layout = findLayout(cacheDir, info);
    if (!layout) tried.push(...lookIn(cacheDir));
  }
  if (!layout) {
    const fetchable = layoutsOf(info).find((l) => l.files.every((f) => f.url !== undefined));
    const hintLayout = fetchable ?? layoutsOf(info)[0]!;
    const manual = manualHint(info, hintLayout, { dataDir, cacheDir });
    if (!fetchable || !download) {
      const why = fetchable ? 'download is off' : 'its files have no public address';
      throw new XaiError('NOT_FOUND', `${info.name}: no local copy and ${why}. Looked in: ${tried.join(', ')}. ${manual}`, { fn: FN, arg: 'name', value: name, tried });
    }
    for (const f of fetchable.files) {
      const dest = datasetFilePath(cacheDir, info, f);
      if (existsSync(dest)) continue;
      const url = urlOf(f, mirror)!;
      await downloadFile({ url, dest, expectedSha256: verify ? f.sha256 : undefined, recordSha256: f.sha256 === undefined, fetchImpl, timeoutMs, tried, manual });
      downloaded.add(f.file);
      steps.push(`downloaded ${f.file} from ${url} into ${dest}`);
    }
    layout = fetchable;
    source = 'download';
  }

  // 2. Read, verify and parse every file of the layout.
  const parts: ReadFile[] = [];
  for (const f of layout.files) parts.push(await readOne(info, f, dir, source, verify, urlOf(f, mirror), downloaded.has(f.file)));
  for (const p of parts) {
    const v = p.provenance;
    steps.push(`read ${v.file} (${v.rows} rows) from ${v.source}; ${CHECK_WORDS[p.check]}`);
    if (p.check === 'recordedNow') warnings.push(`${v.file}: checksum unverified: no published checksum exists; sha256 ${v.sha256} was recorded now, so later reads detect corruption but nobody has checked this download`);
    else if (p.check === 'recorded') warnings.push(`${v.file}: checked only against the checksum recorded at its first download, not a published one`);
    else if (v.verified === 'unverified' || v.verified === 'skipped') warnings.push(`${v.file}: checksum not verified`);
  }
  const schema = schemaFor(info, parts, warnings);
  const d = schema.names.length;

  // 3. Train / test: the published split, or our stratified split of an unsplit file.
  let trainFile: { x: Matrix; y: Int32Array };
  let testFile: { x: Matrix; y: Int32Array };
  let split: DatasetProvenance['split'];
  if (layout.kind === 'full') {
    const all = parts[0]!.table;
    const testFraction = info.splitTestFraction ?? 0.2;
    const splitSeed = info.splitSeed ?? 0;
    const { kept, heldOut } = stratifiedSplit(all.y!, testFraction, { seed: splitSeed, keys: [info.name, 'train/test'] });
    trainFile = pick(all.x, all.y!, kept);
    testFile = pick(all.x, all.y!, heldOut);
    split = { from: parts[0]!.file.file, testFraction, seed: splitSeed, trainRows: kept.length, testRows: heldOut.length };
    steps.push(`split ${split.from} stratified ${Math.round((1 - testFraction) * 100)}/${Math.round(testFraction * 100)} (seed ${splitSeed}): ${kept.length} train, ${heldOut.length} test rows, each in file order`);
  } else {
    const [tr, te] = parts as [ReadFile, ReadFile];
    trainFile = { x: tr.table.x, y: tr.table.y! };
    testFile = { x: te.table.x, y: te.table.y! };
  }

  // 4. Validation carved from train (never from test).
  let rawTrain = trainFile;
  let rawValidation: { x: Matrix; y: Int32Array } | undefined;
  if (validationFraction > 0) {
    const { kept, heldOut } = stratifiedSplit(trainFile.y, validationFraction, { seed, keys: [info.name, 'validation'] });
    rawTrain = pick(trainFile.x, trainFile.y, kept);
    rawValidation = pick(trainFile.x, trainFile.y, heldOut);
    steps.push(`held out a stratified validation split of ${Math.round(validationFraction * 1000) / 10}% of train (seed ${seed}): ${heldOut.length} rows; ${kept.length} train rows remain`);
  }

  // 5. Scaling.
  let scaler: MinMaxScaler;
  let testScaler: MinMaxScaler | undefined;
  if (scaling === 'train') {
    scaler = fitMinMaxScaler(rawTrain.x, { featureNames: schema.names });
    steps.push(`min-max scaler fitted on the ${rawTrain.x.rows} train rows, applied to train, ${rawValidation ? 'validation and ' : ''}test`);
  } else if (scaling === 'per-file') {
    scaler = fitMinMaxScaler(trainFile.x, { featureNames: schema.names });
    testScaler = fitMinMaxScaler(testFile.x, { featureNames: schema.names });
    steps.push(`min-max scaler per file (openxai): one fitted on the whole train file (${trainFile.x.rows} rows) for train${rawValidation ? ' and validation' : ''}, another fitted on the test file for test`);
  } else {
    scaler = identityScaler(d, schema.names);
    steps.push('no scaling');
  }
  const split3 = (part: { x: Matrix; y: Int32Array }, s: MinMaxScaler): Split => ({ x: s.transform(part.x), y: part.y });
  const train = split3(rawTrain, scaler);
  const validation = rawValidation ? split3(rawValidation, scaler) : undefined;
  const test = split3(testFile, testScaler ?? scaler);
  const raw = { train: rawTrain.x, ...(rawValidation ? { validation: rawValidation.x } : {}), test: testFile.x };
  const sensitive = sensitiveGroups(info, schema, raw, warnings);
  const hash = sha256Hex(parts.map((p) => `${p.provenance.file}:${p.provenance.sha256}\n`).join(''));
  const processing = processingHash({ inputs: hash, preset, scaling, validationFraction, seed, ...(split ? { split: { testFraction: split.testFraction, seed: split.seed } } : {}) });

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
    processingHash: processing,
    provenance,
  };
}
