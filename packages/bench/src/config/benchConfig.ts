import { basename, resolve } from 'node:path';
import { INPUT_ENCODINGS, XaiError, booleanOption, checkOptions, describeValue, intOption } from '@xai/core';
import { cpuAllocation } from '../system/cpuAllocation.js';
import type { RunSources } from './runSources.js';
import { defaultCacheDir, defaultDataDir, runSources } from './runSources.js';
import type { DatasetId, ExplainerName, MetricFamily, MetricName, ModelName, PresetName } from './ids.js';
import {
  ALL_EXPLAINERS,
  ALL_METRICS,
  BEYOND_OPENXAI_EXPLAINERS,
  DATASETS,
  EXPLAINERS,
  METRIC_FAMILIES,
  METRICS,
  MODELS,
  PRESETS,
} from './ids.js';
import type { Precision } from '@xai/models';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';
import { ignoreSetting } from '../cli/userDataFlags.js';
import type { BackendName } from '../inputs/workerModel.js';
import { BACKENDS } from '../inputs/workerModel.js';
import type { ModelInput } from '../inputs/modelInputSpace.js';
import { parseModelInput } from '../inputs/modelInputSpace.js';
import type { TreeShapAlgorithm } from '@xai/explainers';
import { runExplainers, treeShapAlgorithm } from '../inputs/treeModels.js';
import { outputFlag } from '../inputs/loadCliModel.js';
import type { OnnxOutputKind } from '@xai/onnx';
import type { ConfigKey, CountKey, SwitchKey } from './settings.js';
import { CONFIG_KEYS, boundsOf, countDefault, settingOfKey } from './settings.js';

/** A `--model <file>` of a run: the id its rows and tables carry (the file name without extension) and the resolved path. */
export interface ModelFileSpec {
  readonly id: string;
  readonly path: string;
  readonly format: 'json' | 'onnx';
}

/**
 * An instance count for one explainer and/or one metric family ('*' = any): e.g. stability on
 * the first 100 instances for LIME while everything else runs on 1000.
 */
export interface InstanceOverride {
  readonly explainer: string;
  readonly family: MetricFamily | '*';
  readonly instances: number;
}

/** A deterministic subset of the units: shard `index` of `count` (1-based, like vitest/playwright). */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/** One validated benchmark run description: every flag and config-file key ends up here. */
export interface BenchConfig {
  /** Dataset ids, canonical order ('all' already expanded by the runner). */
  readonly datasets: readonly (DatasetId | 'all')[];
  /** Model ids: the built-in kinds trained (lr, ann), then the `--model` files' ids. */
  readonly models: readonly string[];
  /** `--model <file>` (xai-model@1 JSON or ONNX), evaluated on every dataset of the run (empty: none). */
  readonly modelFiles: readonly ModelFileSpec[];
  /** `--data my.csv --label y [--test t.csv] [--schema s.json]`: a user's CSV as one more dataset (null: none). */
  readonly userData: UserDataSpec | null;
  /** Who evaluates the built-in models' forward passes: `ts` (pure TS, the reference; `pure` on the command line too), `js` or `ort`. */
  readonly backend: BackendName;
  /**
   * Arithmetic of the built-in and JSON models: 'float32' emulates the released OpenXAI code's
   * float32 torch (`withPrecision`; natively float32 under `--backend ort`), 'float64' the
   * reference. @defaultValue 'float32' under `--preset openxai`, else 'float64'
   */
  readonly precision: Precision;
  readonly explainers: readonly ExplainerName[];
  readonly metrics: readonly MetricName[];
  /** The first N test instances of each dataset. */
  readonly instances: number;
  readonly preset: PresetName;
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly out: string;
  readonly workers: number;
  readonly seed: number;
  readonly resume: boolean;
  readonly shard: ShardSpec | null;
  /** Instances per unit of work. */
  readonly blockSize: number;
  /** Stability neighbours kept per instance (the protocol says up to 100). */
  readonly stabilityNeighbours: number;
  /** Stability candidate draws per instance (the protocol says 1000). */
  readonly stabilitySamples: number;
  /** Fetch missing real datasets from their canonical address into cacheDir. */
  readonly download: boolean;
  /** Per-explainer / per-family instance counts, canonical order (empty: `instances` everywhere). */
  readonly instanceOverrides: readonly InstanceOverride[];
  /** Write each dataset x model x explainer's attributions (CSV and .f64) under `<out>/explanations/`. */
  readonly saveExplanations: boolean;
  /** Report layout: `paper` also writes report-paper.md and paper.csv (OpenXAI tables 2–5). Not part of the identity. */
  readonly layout?: ReportLayout;
  /** Where dataDir, cacheDir, out and workers came from, and the CPU allocation (receipt only, not identity). */
  readonly sources?: RunSources;
  /**
   * What a model file without a preprocessing block eats on `--data`: the CSV's columns as given
   * (`raw`, the default) or min-max scaled on the training rows (`scaled`, the built-in models' space).
   */
  readonly modelInput: ModelInput;
  /** Refuse to score a model that predicts one class or does not beat the base rate (else a loud warning). */
  readonly strict: boolean;
  /** TreeSHAP's algorithm (`--tree-shap`; absent: path-dependent). */
  readonly treeShap?: TreeShapAlgorithm;
  /** What the .onnx model files' output holds (`--output`; absent: discovered from each graph). */
  readonly output?: OnnxOutputKind;
  /** Run gradient methods on finite-difference gradients whose error estimate is above 1 % (`--allow-approximate`). */
  readonly allowApproximate?: boolean;
  /**
   * True when a `--data` run's explainers (metrics) are the default set (no `--explainers`,
   * `--metrics`): rows with missing cells then leave out those that cannot take them, instead of
   * refusing the run.
   */
  readonly defaultExplainers?: boolean;
  readonly defaultMetrics?: boolean;
}

/** Report layouts. */
export const REPORT_LAYOUTS = ['default', 'paper'] as const;
export type ReportLayout = (typeof REPORT_LAYOUTS)[number];

/**
 * Checks a `--layout` value.
 * @example parseLayout('paper') // 'paper'
 * @since 0.2.0
 */
export function parseLayout(raw: unknown): ReportLayout {
  if (typeof raw !== 'string' || !(REPORT_LAYOUTS as readonly string[]).includes(raw))
    throw bad('layout', `expected one of ${REPORT_LAYOUTS.join(', ')}, got ${describeValue(raw)}`, raw);
  return raw as ReportLayout;
}

/** Raw input before validation: config-file JSON and/or CLI flags (strings or typed values), keyed by the settings table's config keys. */
export type BenchConfigInput = Partial<Record<ConfigKey | 'config', unknown>>;

/** Config keys (flags `--data`, `--label`, `--test`, `--schema`, `--ignore`, `--missing`, `--encoding`, `--decimal`) of a user's CSV. */
export const USER_DATA_KEYS = ['data', 'label', 'test', 'schema', 'ignore', 'missing', 'encoding', 'decimal'] as const;

/** Config keys (and flags, kebab-cased) that set instance counts per explainer or family. */
export const OVERRIDE_KEYS = ['explainerInstances', 'groundTruthInstances', 'predictionInstances', 'stabilityInstances'] as const;
const OVERRIDE_FAMILY: Readonly<Record<(typeof OVERRIDE_KEYS)[number], MetricFamily | '*'>> = {
  explainerInstances: '*',
  groundTruthInstances: 'ground-truth',
  predictionInstances: 'prediction',
  stabilityInstances: 'stability',
};

/** The OpenXAI protocol's instance count (`--full`). */
export const FULL_INSTANCES = 1000;

/** A count's default from its row in the settings table (every count row but --workers states one). */
function rowCount(key: CountKey): number {
  const n = countDefault(key);
  if (n === undefined) throw new Error(`the setting ${key} states no numeric default`);
  return n;
}

/** Defaults of every setting that does not depend on the machine or the working directory. */
export const BENCH_DEFAULTS = {
  datasets: ['synthetic'] as readonly DatasetId[],
  models: MODELS,
  explainers: EXPLAINERS,
  metrics: METRICS,
  instances: rowCount('instances'),
  preset: settingOfKey('preset').default as PresetName,
  seed: rowCount('seed'),
  blockSize: rowCount('blockSize'),
  stabilityNeighbours: rowCount('stabilityNeighbours'),
  stabilitySamples: rowCount('stabilitySamples'),
  out: settingOfKey('out').default as string,
} as const;

/** Every config key: the settings table's rows that `xai bench` takes. */
const KEYS: readonly string[] = CONFIG_KEYS;

/** `--model a.onnx --model b.json` (or a config array) → specs with unique ids. */
function modelFiles(raw: unknown, cwd: string, trained: readonly string[]): ModelFileSpec[] {
  const items = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : null;
  if (items === null || items.length === 0) throw bad('modelFiles', `expected model file paths, got ${describeValue(raw)}`, raw);
  const out: ModelFileSpec[] = [];
  for (const item of items) {
    const path = resolve(cwd, text('modelFiles', item));
    const id = basename(path).replace(/\.(onnx|json)$/i, '');
    if (!/^[A-Za-z0-9][\w.-]*$/.test(id))
      throw bad(
        'modelFiles',
        `model file ${JSON.stringify(item)}: its name (${JSON.stringify(id)}) becomes the model id; use letters, digits, '_', '-' or '.'`,
        item,
      );
    if (trained.includes(id) || out.some((o) => o.id === id))
      throw bad('modelFiles', `two models named ${JSON.stringify(id)} (${item}); the file name is the model id, so rename one`, item);
    out.push({ id, path, format: /\.onnx$/i.test(path) ? 'onnx' : 'json' });
  }
  return out;
}

function userData(raw: Record<string, unknown>, cwd: string): UserDataSpec | null {
  if (raw.data === undefined) {
    for (const k of ['label', 'test', 'schema', 'ignore', 'missing', 'encoding', 'decimal'] as const)
      if (raw[k] !== undefined) throw bad(k, `--${k} describes a user CSV: give --data <csv> too`, raw[k]);
    return null;
  }
  if (raw.label === undefined && raw.schema === undefined)
    throw bad('label', `--data ${String(raw.data)} needs --label <column> (or a --schema file naming it)`, undefined);
  return {
    data: resolve(cwd, text('data', raw.data)),
    label: raw.label === undefined ? '' : text('label', raw.label),
    ...(raw.test === undefined ? {} : { test: resolve(cwd, text('test', raw.test)) }),
    ...(raw.schema === undefined ? {} : { schema: resolve(cwd, text('schema', raw.schema)) }),
    ...(raw.ignore === undefined ? {} : { ignore: ignoreSetting(raw.ignore, FN) }),
    ...(raw.missing === undefined ? {} : { missing: missingSetting(raw.missing) }),
    ...(raw.encoding === undefined ? {} : { encoding: encodingSetting(raw.encoding) }),
    ...(raw.decimal === undefined ? {} : { decimal: decimalSetting(raw.decimal) }),
  };
}

/** `--encoding <name>`: the user CSV's encoding (core's INPUT_ENCODINGS). */
function encodingSetting(raw: unknown): string {
  const v = typeof raw === 'string' ? raw.toLowerCase().replace(/^utf8$/, 'utf-8') : raw;
  if (typeof v === 'string' && (INPUT_ENCODINGS as readonly string[]).includes(v)) return v;
  throw bad('encoding', `--encoding names the --data CSV's encoding: one of ${INPUT_ENCODINGS.join(', ')}, got ${describeValue(raw)}`, raw);
}

/** `--decimal auto|,|.`: the decimal mark of the user CSV's numbers. */
function decimalSetting(raw: unknown): 'auto' | ',' | '.' {
  if (raw === 'auto' || raw === ',' || raw === '.') return raw;
  throw bad('decimal', `--decimal names the --data CSV's decimal mark: auto, , or ., got ${describeValue(raw)}`, raw);
}

/** `--missing error|drop-rows`: what a missing cell of the user CSV does. */
function missingSetting(raw: unknown): 'error' | 'drop-rows' {
  if (raw === 'error' || raw === 'drop-rows') return raw;
  throw bad('missing', `expected error or drop-rows, got ${describeValue(raw)}`, raw);
}

/**
 * Parses one override setting: `lime=100,shap=100` or `{ "lime": 100 }` (per explainer; floors
 * by id), or a bare count (`100`) for every explainer (family keys only).
 */
function overrides(key: (typeof OVERRIDE_KEYS)[number], raw: unknown): InstanceOverride[] {
  const family = OVERRIDE_FAMILY[key];
  const count = (v: unknown, where: string): number => bounded(key, v, where);
  if (typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw))) {
    if (family === '*') throw bad(key, 'expected explainer=count pairs (e.g. lime=100,shap=100)', raw);
    return [{ explainer: '*', family, instances: count(raw, key) }];
  }
  let pairs: [string, unknown][];
  if (typeof raw === 'string') {
    pairs = raw.split(',').map((p) => {
      const m = /^\s*([\w-]+)\s*=\s*(\S+)\s*$/.exec(p);
      if (m === null) throw bad(key, `expected explainer=count pairs (e.g. lime=100,shap=100), got ${JSON.stringify(p)}`, raw);
      return [m[1]!, m[2]!];
    });
  } else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    pairs = Object.entries(raw as Record<string, unknown>);
  } else {
    throw bad(key, `expected explainer=count pairs or an object, got ${describeValue(raw)}`, raw);
  }
  return pairs.map(([e, v]) => {
    if (e !== '*' && !(ALL_EXPLAINERS as readonly string[]).includes(e) && !e.startsWith('floor-')) {
      throw bad(key, `unknown explainer ${JSON.stringify(e)} (choose from ${ALL_EXPLAINERS.join(', ')}, a floor id, or *)`, e);
    }
    return { explainer: e, family, instances: count(v, `${key}.${e}`) };
  });
}

const FN = 'xai bench';

function bad(arg: string, message: string, value: unknown): XaiError {
  return new XaiError('BAD_OPTION', message, { fn: FN, arg, value });
}

/** `keepAll`: 'all' stays a token (datasets: "synthetic + whatever is found", known only at run time). */
function list<T extends string>(arg: string, raw: unknown, allowed: readonly T[], extra: readonly string[] = [], keepAll = false): T[] {
  const items = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null;
  if (items === null || items.length === 0) throw bad(arg, `expected a comma-separated list or an array, got ${describeValue(raw)}`, raw);
  const picked = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string') throw bad(arg, `expected names, got ${describeValue(item)}`, item);
    const name = item.trim();
    // 'all' in any case (--metrics is upper-cased before it gets here).
    if (name.toLowerCase() === 'all') {
      if (keepAll) picked.add('all');
      else for (const a of allowed) picked.add(a);
      continue;
    }
    if (!allowed.includes(name as T) && !extra.includes(name)) {
      throw bad(arg, `unknown name ${JSON.stringify(name)} (choose from ${[...allowed, ...extra, 'all'].join(', ')})`, name);
    }
    picked.add(name);
  }
  // Canonical order, whatever order the user typed: the run's identity must not depend on it.
  const order = [...allowed, ...extra, 'all'] as string[];
  return [...picked].sort((a, b) => order.indexOf(a) - order.indexOf(b)) as T[];
}

/** A switch of the settings table: false when absent. */
function switchSetting(raw: Record<string, unknown>, key: SwitchKey): boolean {
  return raw[key] === undefined ? false : bool(key, raw[key]);
}

/** A count of the settings table: an integer within its row's bounds, its row's default when absent. */
function countSetting(raw: Record<string, unknown>, key: CountKey): number {
  return raw[key] === undefined ? rowCount(key) : bounded(key, raw[key]);
}

/** An integer setting within its row's bounds in the settings table. */
function bounded(key: string, raw: unknown, where = key): number {
  const { min, max } = boundsOf(key);
  return integer(where, raw, min, max);
}

// Flags arrive as text, config keys as JSON values: the text is read here, the value checked by
// core's checkers; a bad value is named as the user wrote it ("0", not 0).
function integer(arg: string, raw: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const v = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  const rule = max === Number.MAX_SAFE_INTEGER ? { min } : { min, max };
  try {
    return intOption(v, FN, arg, rule);
  } catch {
    return intOption(raw, FN, arg, rule);
  }
}

function bool(arg: string, raw: unknown): boolean {
  return booleanOption(raw === 'true' ? true : raw === 'false' ? false : raw, FN, arg);
}

function text(arg: string, raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw bad(arg, `expected a non-empty path, got ${describeValue(raw)}`, raw);
  return raw;
}

/** A config file's `"shard": { "index": i, "count": n }`: both integers, checked like `i/n`. */
function shardObject(raw: object): ShardSpec {
  const unknown = Object.keys(raw).filter((k) => k !== 'index' && k !== 'count');
  const { index, count } = raw as Partial<Record<'index' | 'count', unknown>>;
  if (unknown.length > 0 || !Number.isSafeInteger(index) || !Number.isSafeInteger(count)) {
    const why =
      unknown.length > 0
        ? ` (unknown key ${JSON.stringify(unknown[0])})`
        : index === undefined || count === undefined
          ? ` (missing ${index === undefined ? '"index"' : '"count"'})`
          : '';
    throw bad('shard', `expected "i/n" or { "index": i, "count": n } with integers 1 <= i <= n, got ${JSON.stringify(raw)}${why}`, raw);
  }
  return parseShard(`${String(index)}/${String(count)}`);
}

/**
 * Parses `i/n` (1 <= i <= n) into a shard spec.
 * @example parseShard('2/4') // { index: 2, count: 4 }
 * @since 0.1.0
 */
export function parseShard(raw: unknown): ShardSpec {
  const m = typeof raw === 'string' ? /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw) : null;
  if (m === null) throw bad('shard', `expected i/n (e.g. 1/4), got ${describeValue(raw)}`, raw);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw bad('shard', `expected 1 <= i <= n in i/n, got ${raw as string}`, raw);
  const { max } = boundsOf('shard');
  if (count > max) throw bad('shard', `expected at most ${max} shards, got ${raw as string}`, raw);
  return { index, count };
}

// Per-user defaults (environment, then XDG folders under $HOME), never the working directory's repository.
export { defaultCacheDir, defaultDataDir } from './runSources.js';

export interface ResolveBenchConfigOptions {
  /** Working directory for relative paths and defaults. @defaultValue process.cwd() */
  readonly cwd?: string;
  /** Default worker count. @defaultValue the CPUs allocated to this process (`cpuAllocation().cpus`) */
  readonly cores?: number;
}

/**
 * Validates and completes a run description. `file` is the parsed `--config` JSON (its keys
 * are checked: unknown ones are errors), `flags` the command-line values, which win.
 * Throws `XaiError('BAD_OPTION')` naming the key and the value at fault.
 * @example resolveBenchConfig({}, { instances: '20', explainers: 'grad,ig' })
 * @since 0.1.0
 */
export function resolveBenchConfig(file: unknown, flags: BenchConfigInput = {}, options: ResolveBenchConfigOptions = {}): BenchConfig {
  checkOptions(options, ['cwd', 'cores'], 'resolveBenchConfig');
  const cwd = options.cwd ?? process.cwd();
  const fromFile = configFileObject(file);
  checkFlagKeys(flags);
  const raw: Record<string, unknown> = { ...fromFile };
  for (const [k, v] of Object.entries(flags)) if (v !== undefined && k !== 'config') raw[k] = v;

  const instances = instanceCount(raw);
  const shard =
    raw.shard === undefined || raw.shard === null ? null : typeof raw.shard === 'object' ? shardObject(raw.shard) : parseShard(raw.shard);
  const user = userData(raw, cwd);
  const { trained, files } = modelSettings(raw, cwd);
  const backend = backendSetting(raw);
  const presetName = raw.preset === undefined ? BENCH_DEFAULTS.preset : preset(raw.preset);
  const precision = precisionSetting(raw, presetName);
  const allocation = cpuAllocation();
  const { datasets, explainers: chosen, metrics } = selection(raw, user);
  const explainers = runExplainers(chosen, raw.explainers === undefined, trained, files);
  const places = locations(raw, cwd);
  const workers = raw.workers === undefined ? Math.max(1, options.cores ?? allocation.cpus) : bounded('workers', raw.workers);
  const seed = countSetting(raw, 'seed');
  const resume = switchSetting(raw, 'resume');
  const sizes = unitSizes(raw);
  return {
    datasets,
    models: [...trained, ...files.map((f) => f.id)],
    modelFiles: files,
    userData: user,
    backend,
    precision,
    explainers,
    metrics,
    instances: instances ?? BENCH_DEFAULTS.instances,
    preset: presetName,
    dataDir: places.dataDir,
    cacheDir: places.cacheDir,
    out: places.out,
    workers,
    seed,
    resume,
    shard,
    blockSize: sizes.blockSize,
    stabilityNeighbours: sizes.stabilityNeighbours,
    stabilitySamples: sizes.stabilitySamples,
    download: switchSetting(raw, 'download'),
    instanceOverrides: overridesThatApply(
      canonicalOverrides(OVERRIDE_KEYS.flatMap((k) => (raw[k] === undefined ? [] : overrides(k, raw[k])))),
      explainers,
    ),
    saveExplanations: switchSetting(raw, 'saveExplanations'),
    ...(raw.layout === undefined ? {} : { layout: parseLayout(raw.layout) }),
    sources: runSources(fromFile, flags, cwd, allocation),
    modelInput: raw.modelInput === undefined ? 'raw' : parseModelInput(raw.modelInput),
    strict: switchSetting(raw, 'strict'),
    ...(raw.treeShap !== undefined ? { treeShap: treeShapAlgorithm(String(raw.treeShap), 'xai bench')! } : {}),
    ...(raw.output !== undefined ? { output: outputFlag(String(raw.output), 'xai bench')! } : {}),
    ...(switchSetting(raw, 'allowApproximate') ? { allowApproximate: true } : {}),
    ...(user !== null && raw.explainers === undefined ? { defaultExplainers: true } : {}),
    ...(user !== null && raw.metrics === undefined ? { defaultMetrics: true } : {}),
  };
}

/** The parsed `--config` JSON: an object whose keys are all known. */
function configFileObject(file: unknown): Record<string, unknown> {
  if (file !== undefined && (file === null || typeof file !== 'object' || Array.isArray(file))) {
    throw new XaiError('BAD_OPTION', `the config file must hold a JSON object, got ${describeValue(file)}`, {
      fn: FN,
      arg: 'config',
      value: file,
    });
  }
  const fromFile = (file ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(fromFile)) {
    if (!KEYS.includes(key))
      throw new XaiError('BAD_OPTION', `unknown key ${JSON.stringify(key)} in the config file (known: ${KEYS.join(', ')})`, {
        fn: FN,
        arg: 'config',
        value: key,
      });
  }
  return fromFile;
}

/** The flags of a caller: the config keys and `config`. */
function checkFlagKeys(flags: BenchConfigInput): void {
  for (const key of Object.keys(flags)) {
    if (key !== 'config' && !KEYS.includes(key)) checkOptions(flags, [...KEYS, 'config'], 'resolveBenchConfig', 'flags');
  }
}

/** `--instances` and `--full` (which means {@link FULL_INSTANCES}); undefined when neither is given. */
function instanceCount(raw: Record<string, unknown>): number | undefined {
  const full = switchSetting(raw, 'full');
  const instances = raw.instances === undefined ? undefined : bounded('instances', raw.instances);
  if (full && instances !== undefined && instances !== FULL_INSTANCES) {
    throw bad('instances', `--full means ${FULL_INSTANCES} instances; do not also give --instances ${instances}`, instances);
  }
  return full ? FULL_INSTANCES : instances;
}

/** The built-in models to train and the `--model` files. */
function modelSettings(raw: Record<string, unknown>, cwd: string): { trained: readonly ModelName[]; files: ModelFileSpec[] } {
  const hasFiles = raw.modelFiles !== undefined;
  // With --data (--model), the built-in synthetic set (models) join only when asked for.
  const trained: readonly ModelName[] =
    raw.models === undefined ? (hasFiles ? [] : BENCH_DEFAULTS.models) : list('models', raw.models, MODELS);
  const files = hasFiles ? modelFiles(raw.modelFiles, cwd, trained) : [];
  return { trained, files };
}

/** `pure` names the default path as the docs call it (WebAssembly SIMD kernels, JS where absent): `ts`. */
function backendSetting(raw: Record<string, unknown>): BackendName {
  if (raw.backend === undefined || raw.backend === 'pure') return 'ts';
  if (typeof raw.backend === 'string' && (BACKENDS as readonly string[]).includes(raw.backend)) return raw.backend as BackendName;
  throw bad('backend', `expected one of ${BACKENDS.join(', ')} (pure = ts), got ${describeValue(raw.backend)}`, raw.backend);
}

function precisionSetting(raw: Record<string, unknown>, presetName: PresetName): Precision {
  if (raw.precision === undefined) return presetName === 'openxai' ? 'float32' : 'float64';
  if (raw.precision === 'float32' || raw.precision === 'float64') return raw.precision;
  throw bad('precision', `expected float32 or float64, got ${describeValue(raw.precision)}`, raw.precision);
}

/** The datasets, explainers and metrics of the run, in canonical order. */
function selection(
  raw: Record<string, unknown>,
  user: UserDataSpec | null,
): { datasets: readonly (DatasetId | 'all')[]; explainers: readonly ExplainerName[]; metrics: readonly MetricName[] } {
  return {
    datasets:
      raw.datasets === undefined
        ? user
          ? []
          : BENCH_DEFAULTS.datasets
        : list<DatasetId | 'all'>('datasets', raw.datasets, DATASETS as readonly (DatasetId | 'all')[], [], true),
    explainers:
      raw.explainers === undefined
        ? BENCH_DEFAULTS.explainers
        : list<ExplainerName>('explainers', raw.explainers, EXPLAINERS, BEYOND_OPENXAI_EXPLAINERS), // 'all' = OpenXAI's seven; the others by id
    // 'all' = OpenXAI's eleven and every extended metric; the default stays the eleven.
    metrics:
      raw.metrics === undefined
        ? BENCH_DEFAULTS.metrics
        : list('metrics', typeof raw.metrics === 'string' ? raw.metrics.toUpperCase() : raw.metrics, ALL_METRICS),
  };
}

/** Where the datasets, the cache and the outputs are (resolved against `cwd`). */
function locations(raw: Record<string, unknown>, cwd: string): { dataDir: string; cacheDir: string; out: string } {
  return {
    dataDir: raw.dataDir === undefined ? defaultDataDir(cwd) : resolve(cwd, text('dataDir', raw.dataDir)),
    cacheDir: raw.cacheDir === undefined ? defaultCacheDir(cwd) : resolve(cwd, text('cacheDir', raw.cacheDir)),
    out: resolve(cwd, raw.out === undefined ? BENCH_DEFAULTS.out : text('out', raw.out)),
  };
}

/** Instances per unit of work and the stability sampling sizes. */
function unitSizes(raw: Record<string, unknown>): { blockSize: number; stabilityNeighbours: number; stabilitySamples: number } {
  return {
    blockSize: countSetting(raw, 'blockSize'),
    stabilityNeighbours: countSetting(raw, 'stabilityNeighbours'),
    stabilitySamples: countSetting(raw, 'stabilitySamples'),
  };
}

/** An override naming an explainer the run does not explain would be silently ignored: an error naming both. */
function overridesThatApply(list: InstanceOverride[], explainers: readonly string[]): InstanceOverride[] {
  for (const o of list) {
    if (o.explainer === '*' || o.explainer.startsWith('floor-') || explainers.includes(o.explainer)) continue;
    const key = OVERRIDE_KEYS.find((k) => OVERRIDE_FAMILY[k] === o.family) ?? 'explainerInstances';
    throw bad(
      key,
      `sets ${o.explainer}=${o.instances}, but this run does not explain with ${o.explainer} (explainers ${explainers.join(',')}): add it to --explainers or drop the setting`,
      o.explainer,
    );
  }
  return list;
}

function canonicalOverrides(list: InstanceOverride[]): InstanceOverride[] {
  const fam = ['*', ...METRIC_FAMILIES];
  const ex = ['*', ...ALL_EXPLAINERS];
  const rank = (e: string): number => (ex.includes(e) ? ex.indexOf(e) : ex.length);
  const seen = new Map<string, InstanceOverride>();
  for (const o of list) {
    const k = `${o.explainer}/${o.family}`;
    const prev = seen.get(k);
    if (prev !== undefined && prev.instances !== o.instances)
      throw bad(
        o.family === '*' ? 'explainerInstances' : `${o.family}Instances`,
        `${o.explainer} is given ${prev.instances} and ${o.instances} instances`,
        o,
      );
    seen.set(k, o);
  }
  return [...seen.values()].sort(
    (a, b) =>
      rank(a.explainer) - rank(b.explainer) ||
      (a.explainer < b.explainer ? -1 : a.explainer > b.explainer ? 1 : 0) ||
      fam.indexOf(a.family) - fam.indexOf(b.family),
  );
}

/** The largest instance count any explainer or family of the run asks for. @since 0.2.0 */
export function maxInstances(config: Pick<BenchConfig, 'instances' | 'instanceOverrides'>): number {
  return Math.max(config.instances, ...config.instanceOverrides.map((o) => o.instances));
}

function preset(raw: unknown): PresetName {
  if (typeof raw !== 'string' || !PRESETS.includes(raw as PresetName))
    throw bad('preset', `expected one of ${PRESETS.join(', ')}, got ${describeValue(raw)}`, raw);
  return raw as PresetName;
}

/**
 * The settings that decide the numbers (not where files go, how many workers, or which shard):
 * two runs with equal identities produce equal results, so resume and merge require it.
 * @since 0.1.0
 */
export function runIdentity(config: BenchConfig): Record<string, unknown> {
  return {
    datasets: config.datasets,
    models: config.models,
    explainers: config.explainers,
    ...(config.treeShap ? { treeShap: config.treeShap } : {}),
    metrics: config.metrics,
    instances: config.instances,
    preset: config.preset,
    seed: config.seed,
    blockSize: config.blockSize,
    stabilityNeighbours: config.stabilityNeighbours,
    stabilitySamples: config.stabilitySamples,
    // Only when set, so a run without overrides keeps its 0.1 identity.
    ...(config.instanceOverrides.length > 0 ? { instanceOverrides: config.instanceOverrides } : {}),
    // Likewise: model files (their content hashes are checked by merge), a user CSV (its label
    // and files by name; content hashes are in the manifest), the ORT backend (float32 forward passes).
    ...(config.modelFiles.length > 0 ? { modelFiles: config.modelFiles.map((f) => ({ id: f.id, format: f.format })) } : {}),
    ...(config.userData
      ? {
          userData: {
            data: basename(config.userData.data),
            label: config.userData.label,
            ...(config.userData.test ? { test: basename(config.userData.test) } : {}),
            ...(config.userData.schema ? { schema: basename(config.userData.schema) } : {}),
            ...(config.userData.ignore ? { ignore: config.userData.ignore } : {}),
            ...(config.userData.missing ? { missing: config.userData.missing } : {}),
            ...(config.userData.encoding ? { encoding: config.userData.encoding } : {}),
            ...(config.userData.decimal ? { decimal: config.userData.decimal } : {}),
          },
        }
      : {}),
    // js computes the bits of ts (only slower): such runs resume and merge with each other
    ...(config.backend === 'ort' ? { backend: config.backend } : {}),
    // float32 changes every score of a model: runs at different precisions never merge or resume.
    ...(config.precision !== 'float64' ? { precision: config.precision } : {}),
    // Which rows a model file eats changes its scores; only recorded off the default.
    ...(config.modelInput !== 'raw' ? { modelInput: config.modelInput } : {}),
    // So does what an .onnx file's output is declared to hold.
    ...(config.output !== undefined ? { output: config.output } : {}),
  };
}
