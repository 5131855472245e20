import { basename, resolve } from 'node:path';
import { XaiError, booleanOption, checkOptions, describeValue, inputEncoding, intOption } from '@xai/core';
import { cpuAllocation } from '../system/cpuAllocation.js';
import type { RunSources } from './runSources.js';
import { defaultCacheDir, defaultDataDir, runSources } from './runSources.js';
import type { DatasetId, ExplainerName, MetricFamily, MetricName, ModelName, PresetName } from './ids.js';
import { ALL_EXPLAINERS, EXPLAINERS, METRIC_FAMILIES, METRICS, MODELS } from './ids.js';
import type { Precision } from '@xai/models';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';
import { ignoreSetting } from '../cli/userDataFlags.js';
import type { BackendName } from '../inputs/workerModel.js';
import type { ModelInput } from '../inputs/modelInputSpace.js';
import type { TreeShapAlgorithm } from '@xai/explainers';
import { runExplainers } from '../inputs/treeModels.js';
import { OUTPUT_FLAG } from '../inputs/loadCliModel.js';
import type { OnnxOutputKind } from '@xai/onnx';
import type { ChoiceKey, ChoiceOf, ConfigKey, CountKey, SwitchKey, UserDataKey } from './settings.js';
import { CONFIG_KEYS, USER_DATA_KEYS, boundsOf, choicesOf, countDefault, isPathSetting, settingOfKey } from './settings.js';
import { choiceSetting, listSetting } from './settingValues.js';

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

/** Report layouts: the `--layout` row's choices. */
export const REPORT_LAYOUTS = choicesOf('layout');
export type ReportLayout = ChoiceOf<'layout'>;

/**
 * Checks a `--layout` value.
 * @example parseLayout('paper') // 'paper'
 * @since 0.2.0
 */
export function parseLayout(raw: unknown): ReportLayout {
  return choiceSetting('layout', raw);
}

/** Raw input before validation: config-file JSON and/or CLI flags (strings or typed values), keyed by the settings table's config keys. */
export type BenchConfigInput = Partial<Record<ConfigKey | 'config', unknown>>;

/** Config keys of a user's CSV: the settings table's `userData` rows. */
export { USER_DATA_KEYS } from './settings.js';

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
    for (const k of USER_DATA_KEYS) if (raw[k] !== undefined) throw bad(k, `--${k} describes a user CSV: give --data <csv> too`, raw[k]);
    return null;
  }
  if (raw.label === undefined && raw.schema === undefined)
    throw bad('label', `--data ${String(raw.data)} needs --label <column> (or a --schema file naming it)`, undefined);
  // In table order, as the spec always was; the label is '' when the schema names it.
  const spec: Record<string, unknown> = {};
  for (const key of USER_DATA_KEYS)
    if (raw[key] !== undefined) spec[key] = userDataValue(key, raw[key], cwd);
    else if (key === 'label') spec[key] = '';
  return spec as unknown as UserDataSpec;
}

/** One setting of the user's CSV, read by its row: a path (resolved), a choice, the column list, the encoding, or text. */
function userDataValue(key: UserDataKey, raw: unknown, cwd: string): unknown {
  const row = settingOfKey(key);
  if (key === 'ignore') return ignoreSetting(raw, FN);
  if (key === 'encoding') return encodingSetting(raw);
  if (row.choices !== undefined) return choiceSetting(key as ChoiceKey, raw);
  return isPathSetting(row) ? resolve(cwd, text(key, raw)) : text(key, raw);
}

/** `--encoding <name>`: the user CSV's encoding, checked by core's reader of it (`utf8` = `utf-8`, any case). */
function encodingSetting(raw: unknown): string {
  if (typeof raw !== 'string') throw bad('encoding', `expected an encoding name, got ${describeValue(raw)}`, raw);
  return inputEncoding(raw, FN, 'encoding');
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
    modelInput: raw.modelInput === undefined ? 'raw' : (choiceSetting('modelInput', raw.modelInput) satisfies ModelInput),
    strict: switchSetting(raw, 'strict'),
    ...(raw.treeShap !== undefined ? { treeShap: choiceSetting('treeShap', raw.treeShap) satisfies TreeShapAlgorithm } : {}),
    ...(raw.output !== undefined ? { output: OUTPUT_FLAG[choiceSetting('output', raw.output)] as OnnxOutputKind } : {}),
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
    raw.models === undefined ? (hasFiles ? [] : BENCH_DEFAULTS.models) : (listSetting('models', raw.models) as ModelName[]);
  const files = hasFiles ? modelFiles(raw.modelFiles, cwd, trained) : [];
  return { trained, files };
}

/** `pure` names the default path as the docs call it (WebAssembly SIMD kernels, JS where absent): `ts`. */
function backendSetting(raw: Record<string, unknown>): BackendName {
  return raw.backend === undefined ? 'ts' : choiceSetting('backend', raw.backend);
}

function precisionSetting(raw: Record<string, unknown>, presetName: PresetName): Precision {
  if (raw.precision === undefined) return presetName === 'openxai' ? 'float32' : 'float64';
  return choiceSetting('precision', raw.precision);
}

/** The datasets, explainers and metrics of the run, in canonical order. */
function selection(
  raw: Record<string, unknown>,
  user: UserDataSpec | null,
): { datasets: readonly (DatasetId | 'all')[]; explainers: readonly ExplainerName[]; metrics: readonly MetricName[] } {
  return {
    // 'all' stays a token for datasets (synthetic + whatever is found, known at run time), is
    // OpenXAI's seven for explainers and every metric for metrics; the defaults are OpenXAI's.
    datasets: raw.datasets === undefined ? (user ? [] : BENCH_DEFAULTS.datasets) : listSetting('datasets', raw.datasets),
    explainers: raw.explainers === undefined ? BENCH_DEFAULTS.explainers : (listSetting('explainers', raw.explainers) as ExplainerName[]),
    metrics: raw.metrics === undefined ? BENCH_DEFAULTS.metrics : (listSetting('metrics', raw.metrics) as MetricName[]),
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
  return choiceSetting('preset', raw);
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
    ...(config.userData ? { userData: userDataIdentity(config.userData) } : {}),
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

/** A user CSV's settings in a run's identity: files by name (their content hashes are in the manifest), the label, the rest as set. */
function userDataIdentity(spec: UserDataSpec): Record<string, unknown> {
  const given = spec as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of USER_DATA_KEYS) {
    const value = given[key];
    if (key === 'label') out[key] = value;
    else if (value) out[key] = isPathSetting(settingOfKey(key)) ? basename(value as string) : value;
  }
  return out;
}
