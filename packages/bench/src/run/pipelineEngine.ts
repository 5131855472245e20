// The real benchmark engine: @xai/data / @xai/synth for data, @xai/models for LR and ANN,
// @xai/explainers, @xai/metrics, and @xai/audit's floor and null controls.
// `prepare` runs once in the main thread; `createUnitRunner` in every worker thread.
import type { Explainer, FeatureSchema, Matrix, Model, Preprocessing } from '@xai/core';
import { XaiError, contiguous, hashFloat64, predictLabels, row, rowBlock } from '@xai/core';
import { floorExplainers, permutedNullAttributions } from '@xai/audit/controls';
import { availableDatasets } from '@xai/data/node';
import { createExplainer } from '@xai/explainers';
import type { ExplainerId, LimeExplainer } from '@xai/explainers';
import { fa, pra, predictionGaps, ra, rc, relativeStability, sa, sra } from '@xai/metrics';
import type { MetricResult } from '@xai/core';
import { linearGroundTruth } from '@xai/models';
import type { NeuralModel, Precision } from '@xai/models';
import type { BenchConfig } from '../config/benchConfig.js';
import { maxInstances } from '../config/benchConfig.js';
import type { PrepareHooks, PreparedDataset, PreparedModel, PreparedRun, UnitOutput, UnitRunner } from './benchEngine.js';
import type { PresetName } from '../config/ids.js';
import { DATASETS, EXTENDED_METRICS, GROUND_TRUTH_METRICS, PREDICTION_METRICS, STABILITY_METRICS, familyOf } from '../config/ids.js';
import type { MetricFamily } from '../config/ids.js';
import { loadBenchDataset } from '../inputs/loadBenchDataset.js';
import type { BenchDataset } from '../inputs/loadBenchDataset.js';
import { loadUserBenchDataset } from '../inputs/userBenchDataset.js';
import { scoreExtended } from './extendedScores.js';
import type { WorkerModelSpec } from '../inputs/workerModel.js';
import { backendNote, buildWorkerModel, loadOnnxRuntime, needsOnnxRuntime } from '../inputs/workerModel.js';
import type { Unit } from './planUnits.js';
import type { ResultRow } from '../results/resultRow.js';
import { numberToStored } from '../results/resultRow.js';
import { packageVersions } from '../system/packageVersions.js';
import { modelSourceId, modelSourcesOf, resolveModelSource } from '../inputs/modelSource.js';
import type { ResolvedModel } from '../inputs/modelSource.js';
import { checkModelTask, datasetClasses } from '../inputs/checkModelTask.js';
import { modelInputSpace } from '../inputs/modelInputSpace.js';
import type { ModelInputSpace } from '../inputs/modelInputSpace.js';
import { modelSanity, sanityWarning } from '../inputs/modelSanity.js';
import type { ModelSanity } from '../inputs/modelSanity.js';
import { openxaiRangeWarning, perturbationScale } from '../inputs/perturbationScale.js';
import type { PerturbationScale } from '../inputs/perturbationScale.js';
import type { UserBenchDataset } from '../inputs/userBenchDataset.js';

/** Where a dataset x model's ground truth comes from. */
export type GroundTruthSource = 'model' | 'data' | null;

/**
 * LR: its own weights (w1 − w0) in every preset and on every dataset — an explainer explains
 * the model, and for LR the model's reasons are known exactly (on SynthGauss a linear model
 * cannot follow the per-cluster weights, so scoring it against them would blame explainers for
 * the model's misfit). ANN: the generator's per-cluster weights on synthetic data, where an
 * accurate model must follow them (the paper's Theorem 1); none on real data (not applicable).
 * @since 0.1.0
 */
export function groundTruthSource(dataset: string, model: string): GroundTruthSource {
  if (model === 'lr') return 'model';
  return dataset === 'synthetic' ? 'data' : null;
}

interface JobPayload {
  readonly dataset: string;
  readonly model: string;
  /** What the worker rebuilds: model JSON (pure TS or the ORT backend) or ONNX bytes. */
  readonly worker: WorkerModelSpec;
  readonly groundTruth: GroundTruthSource;
  /** The model's own input space when it is not the dataset payload's (a raw-column model): scored rows and train. */
  readonly inputs?: { readonly x: Matrix; readonly train: Matrix };
  /** Draw noise and measure distances in each column's own units (see `noiseUnits`). */
  readonly scaleNoise: boolean;
}

interface DatasetPayload {
  readonly id: string;
  /** The scored instances (first N test rows), contiguous. */
  readonly x: Matrix;
  readonly train: Matrix;
  readonly schema: FeatureSchema;
  readonly groups: Int32Array | null;
  /** Generator ground truth of the scored instances (unsigned: w of the row's cluster). */
  readonly dataTruth: Matrix | null;
}

interface PipelinePayload {
  /** Forward passes of the built-in models: 'ts' or 'ort' (recorded; each job's spec carries it). */
  readonly backend: string;
  /** Arithmetic of the built-in and JSON models (ONNX files keep their graph's). */
  readonly precision: Precision;
  readonly preset: PresetName;
  readonly seed: number;
  readonly metrics: readonly string[];
  readonly stabilityNeighbours: number;
  readonly stabilitySamples: number;
  /** Return each unit's attributions too (`--save-explanations`). */
  readonly saveExplanations: boolean;
  readonly datasets: readonly DatasetPayload[];
  readonly jobs: readonly JobPayload[];
}

/**
 * Config of a configured explainer for the manifest: small matrices and vectors (an IG baseline)
 * written out, large ones (a SHAP background) by shape and content hash.
 */
export function describeConfig(config: unknown): unknown {
  return JSON.parse(
    JSON.stringify(config, (_k, v: unknown) => {
      if (v !== null && typeof v === 'object' && (v as Matrix).data instanceof Float64Array) {
        const m = v as Matrix;
        const data = contiguous(m, true).data;
        return m.rows * m.cols <= 64
          ? { matrix: `${m.rows}x${m.cols}`, values: [...data] }
          : { matrix: `${m.rows}x${m.cols}`, hash: hashFloat64(data) };
      }
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
        const a = v as unknown as Float64Array;
        return a.length <= 64 ? [...a] : { length: a.length, hash: hashFloat64(Float64Array.from(a)) };
      }
      return v;
    }),
  );
}

/**
 * The explainer a worker runs for (id, preset, seed, train): the one construction both the
 * workers and the manifest use, so the record cannot drift from what ran. Under openxai LIME
 * draws the released code's numpy stream, placed by each row's position among the scored
 * instances, so its attributions reproduce the released ones.
 * @since 0.2.0
 */
export function buildExplainer(
  id: string,
  preset: PresetName,
  seed: number,
  train: Matrix,
  scale?: PerturbationScale,
): Explainer & { readonly config?: unknown } {
  const numpyLime = id === 'lime' && preset === 'openxai';
  return createExplainer(id as ExplainerId, {
    preset,
    seed,
    train,
    ...(numpyLime ? { noise: 'numpy-batch' } : {}),
    ...scale?.explainerOptions(id),
  });
}

/**
 * Whether a dataset x model draws its noise in each column's own units: under the `default`
 * preset on a user's CSV (`--data`), where a model may eat raw columns (age 18–90, income in
 * dollars) and absolute N(0, 0.1²) noise would be meaningless. On the scaled space every range
 * is 1, so the built-in models keep the absolute constants exactly. Registry and synthetic
 * datasets keep the protocol's absolute constants in every preset.
 */
function noiseUnits(preset: PresetName, ds: BenchDataset): boolean {
  return preset === 'default' && (ds as Partial<UserBenchDataset>).user !== undefined;
}

/** The noise units of a job: per-column ranges of its training rows (one-hot and discrete columns keep 1), or none. */
function jobScale(preset: PresetName, scaleNoise: boolean, train: Matrix, schema: FeatureSchema): PerturbationScale | undefined {
  return scaleNoise ? perturbationScale(preset, train, schema) : undefined;
}

/**
 * A model's input space under the run's contract, its task checked against the data and its
 * accuracy beside the base rate on the test rows in that space: a constant or no-better-than-
 * base-rate model is logged loudly, and refused with `--strict`.
 */
function checkedSpace(
  ds: BenchDataset,
  kind: 'trained' | 'file',
  resolved: ResolvedModel,
  config: BenchConfig,
  hooks: PrepareHooks,
  key: string,
): { space: ModelInputSpace; sanity: ModelSanity } {
  if (kind === 'file') checkModelTask(resolved.model, ds, resolved.path);
  const space = modelInputSpace(ds, kind, resolved.model as Model & { readonly preprocessing?: Preprocessing }, config.modelInput);
  const sanity = modelSanity(resolved.model, space.test, ds.test.y, datasetClasses(ds));
  const warning = sanityWarning(sanity, key);
  if (warning !== null) {
    if (config.strict) throw new XaiError('BAD_INPUT', `${warning} (--strict)`, { fn: 'xai bench', arg: '--strict', value: key });
    hooks.log(`WARNING ${warning}`);
  }
  return { space, sanity };
}

/**
 * Main thread: loads every dataset, trains (or loads from the cache) every model, and packs
 * what the workers need. 'all' means the synthetic set plus every registry dataset whose files
 * are found in dataDir or the cache.
 * @since 0.1.0
 */
export async function prepare(config: BenchConfig, hooks: PrepareHooks): Promise<PreparedRun> {
  const versions = packageVersions();
  // The model cache depends on the trainer's code only (the data is in the dataset hash).
  const trainerVersions = { '@xai/core': versions['@xai/core'] ?? '', '@xai/models': versions['@xai/models'] ?? '' };
  let ids: string[] = [...config.datasets];
  if (ids.includes('all')) {
    const found = availableDatasets({ dataDir: config.dataDir, cacheDir: `${config.cacheDir}/datasets` });
    ids = ['synthetic', ...ids.filter((d) => d !== 'all' && d !== 'synthetic'), ...found];
    ids = DATASETS.filter((d) => ids.includes(d));
    // Say so when the data folder holds nothing: `all` silently meaning synthetic alone hides a wrong folder.
    const none = found.length === 0 ? ': none there; set XAI_DATA_DIR or --data-dir to the folder of real datasets' : '';
    hooks.log(`datasets: ${ids.join(', ')} (all = synthetic + found in ${config.dataDir}${none})`);
  }
  const datasets: PreparedDataset[] = [];
  const models: PreparedModel[] = [];
  const dsPayload: DatasetPayload[] = [];
  const jobs: JobPayload[] = [];
  let floors: string[] = [];
  // dataset -> model -> explainer -> resolved settings of the very object the workers build.
  const explainerConfigs: Record<string, Record<string, Record<string, unknown>>> = {};
  const wanted = maxInstances(config);
  const user = config.userData ? await loadUserBenchDataset(config.userData, { seed: config.seed }) : null;
  if (user !== null) {
    if (ids.includes(user.id))
      throw new XaiError(
        'BAD_OPTION',
        `--data ${config.userData!.data} is named ${JSON.stringify(user.id)} like a dataset of the run; rename the file`,
        { fn: 'xai bench', arg: '--data', value: user.id },
      );
    ids.push(user.id);
    for (const w of user.warnings) hooks.log(`${user.id}: ${w}`);
  }
  for (const id of ids) {
    const ds: BenchDataset =
      user !== null && id === user.id
        ? user
        : await loadBenchDataset(id, {
            preset: config.preset,
            dataDir: config.dataDir,
            cacheDir: config.cacheDir,
            download: config.download,
            seed: config.seed,
          });
    // The payload holds as many rows as any explainer or family asks for; the plan cuts per unit.
    const payloadRows = Math.min(wanted, ds.test.x.rows);
    const n = Math.min(config.instances, ds.test.x.rows);
    const x = contiguous(rowBlock(ds.test.x, 0, payloadRows), true);
    const groups = ds.sensitive ? ds.sensitive.test.slice(0, payloadRows) : null;
    const dataTruth = ds.groundTruthTest ? contiguous(rowBlock(ds.groundTruthTest, 0, payloadRows), true) : null;
    dsPayload.push({ id, x, train: ds.train.x, schema: ds.schema, groups, dataTruth });
    const gt: Record<string, GroundTruthSource> = {};
    const spaces: Record<string, ModelInputSpace> = {};
    for (const source of modelSourcesOf(config)) {
      const kind = modelSourceId(source);
      // A model file's reasons are unknown: no ground truth (its metrics are not applicable).
      const src = source.kind === 'file' ? null : groundTruthSource(id, kind);
      gt[kind] = src === 'data' && dataTruth === null ? null : src;
      const resolved = await resolveModelSource(ds, source, {
        preset: config.preset,
        seed: config.seed,
        cacheDir: config.cacheDir,
        versions: trainerVersions,
        log: hooks.log,
        backend: config.backend,
      });
      try {
        const space = checkedSpace(ds, source.kind, resolved, config, hooks, `${id}/${kind}`);
        spaces[kind] = space.space;
        models.push({
          dataset: id,
          model: kind,
          hash: resolved.hash,
          path: resolved.path,
          cached: resolved.cached,
          ...(resolved.report ? { report: resolved.report } : {}),
          source: resolved.source,
          gradients: resolved.gradients,
          ...(resolved.approximateGradients ? { approximateGradients: true } : {}),
          inputSpace: { space: space.space.space, note: space.space.note },
          sanity: space.sanity,
        });
        if (resolved.approximateGradients) hooks.log(`${id}/${kind}: gradients are APPROXIMATE (${resolved.gradients}); reports mark them`);
        const own = space.space.test !== ds.test.x;
        jobs.push({
          dataset: id,
          model: kind,
          worker: resolved.worker,
          groundTruth: gt[kind]!,
          ...(own ? { inputs: { x: contiguous(rowBlock(space.space.test, 0, payloadRows), true), train: space.space.train } } : {}),
          scaleNoise: noiseUnits(config.preset, ds),
        });
        const rangeWarning = openxaiRangeWarning(config.preset, space.space.train, ds.schema.names);
        if (rangeWarning !== null) hooks.log(`WARNING ${id}/${kind}: ${rangeWarning}`);
        if (floors.length === 0) floors = floorExplainers({ train: space.space.train, model: resolved.model }).map((e) => e.id);
      } finally {
        resolved.dispose();
      }
    }
    explainerConfigs[id] = {};
    for (const kind of config.models) {
      const perModel: Record<string, unknown> = {};
      const train = spaces[kind]?.train ?? ds.train.x;
      const scale = jobScale(config.preset, noiseUnits(config.preset, ds), train, ds.schema);
      for (const e of config.explainers) perModel[e] = describeConfig(buildExplainer(e, config.preset, config.seed, train, scale).config);
      explainerConfigs[id]![kind] = perModel;
    }
    datasets.push({
      id,
      instances: n,
      trainRows: ds.train.x.rows,
      testRows: ds.test.x.rows,
      features: ds.schema.names.length,
      featureNames: ds.schema.names,
      hash: ds.hash,
      ...(ds.sensitive ? { sensitive: { name: ds.sensitive.name, groups: ds.sensitive.groups } } : {}),
      groundTruth: gt,
      provenance: ds.provenance,
    });
  }
  const payload: PipelinePayload = {
    backend: config.backend,
    precision: config.precision,
    preset: config.preset,
    seed: config.seed,
    metrics: config.metrics,
    stabilityNeighbours: config.stabilityNeighbours,
    stabilitySamples: config.stabilitySamples,
    saveExplanations: config.saveExplanations,
    datasets: dsPayload,
    jobs,
  };
  const settings = {
    explainers: explainerConfigs,
    metrics: {
      preset: config.preset,
      seed: config.seed,
      stability: { neighbours: config.stabilityNeighbours, candidates: config.stabilitySamples, useGivenAttributions: true },
      ...(config.instanceOverrides.length > 0 ? { instances: { default: config.instances, overrides: config.instanceOverrides } } : {}),
    },
    groundTruth:
      "LR: its own weights w1 - w0 (every dataset and preset); ANN on synthetic: the generator weights of the row's cluster; signed for the predicted class (the explained class)",
    nulls:
      'permutedNullAttributions(attributions, seed, { keys: hashFloat64(instance row) }) from @xai/audit/controls; not computed for stability (permutation-invariant)',
    trainingName: 'synthetic uses the gaussian row of trainingPreset; a --data CSV the generic default row',
    backend: backendNote(config.backend, config.precision),
    precision:
      config.precision === 'float32'
        ? "float32: the built-in and JSON models compute as the released OpenXAI code's float32 torch does (withPrecision(model, 'float32'): weights and inputs rounded to float32, Math.fround after every + − × ÷; ONNX Runtime float32 under --backend ort); trained in float64"
        : 'float64: the reference arithmetic',
    ...(config.metrics.some((m) => (EXTENDED_METRICS as readonly string[]).includes(m))
      ? {
          extendedMetrics:
            'extendedMetrics[id].run(model, x, attributions, predicted targets, explain = explainer.explain(m, x, { targets }), { seed, background: train rows for ROAD, groundTruth for KENDALL_TAU }); their null is scored only where @xai/metrics marks it meaningful',
        }
      : {}),
  };
  return { datasets, models, floors, payload, versions, settings };
}

/** Per-instance metric values and diagnostics of one block of attributions. */
interface Scores {
  readonly values: Map<string, Float64Array>;
  readonly diag: Map<string, Float64Array>;
}

interface Job {
  readonly dataset: DatasetPayload;
  /** Scored rows and training rows in the model's own input space (the dataset's unless the model eats raw columns). */
  readonly x: Matrix;
  readonly train: Matrix;
  /** Noise units of the model's input space (undefined: absolute, the protocol's constants). */
  readonly scale: PerturbationScale | undefined;
  /** What explainers and metrics query (pure TS, the ORT backend, or an ONNX graph). */
  readonly model: Model;
  /** The @xai/models network: LR ground truth reads its weights. */
  readonly neural: NeuralModel | null;
  readonly groundTruth: GroundTruthSource;
  readonly explainers: Map<string, Explainer>;
}

/**
 * Worker thread: rebuilds models from their JSON and explainers from the preset and seed,
 * then scores units. Every random draw inside is keyed by (seed, instance content), so a
 * unit's rows do not depend on the worker, the block's neighbours or the order of units.
 * @since 0.1.0
 */
export async function createUnitRunner(
  payload: unknown,
): Promise<UnitRunner & { describe(dataset: string, model: string, explainer: string): unknown }> {
  const p = payload as PipelinePayload;
  // ONNX Runtime is loaded only by workers that need it (ONNX files, --backend ort).
  const onnx = needsOnnxRuntime(p.jobs.map((j) => j.worker)) ? await loadOnnxRuntime() : null;
  const extended = p.metrics.filter((m) => (EXTENDED_METRICS as readonly string[]).includes(m));
  const want = new Set(p.metrics);
  const jobs = new Map<string, Job>();
  const byId = new Map(p.datasets.map((d) => [d.id, d]));
  const job = (dataset: string, model: string): Job => {
    const key = `${dataset}/${model}`;
    let j = jobs.get(key);
    if (j === undefined) {
      const spec = p.jobs.find((x) => x.dataset === dataset && x.model === model);
      const ds = byId.get(dataset);
      if (spec === undefined || ds === undefined) throw new Error(`no prepared job for ${key}`);
      const w = buildWorkerModel(spec.worker, key, onnx, p.precision);
      const { x, train } = spec.inputs ?? ds;
      const explainers = new Map<string, Explainer>(floorExplainers({ train, model: w.model }).map((e) => [e.id, e]));
      const scale = jobScale(p.preset, spec.scaleNoise, train, ds.schema);
      j = { dataset: ds, x, train, scale, model: w.model, neural: w.neural, groundTruth: spec.groundTruth, explainers };
      jobs.set(key, j);
    }
    return j;
  };
  const explainerOf = (j: Job, id: string): Explainer => {
    let e = j.explainers.get(id);
    if (e === undefined) {
      e = buildExplainer(id, p.preset, p.seed, j.train, j.scale);
      j.explainers.set(id, e);
    }
    return e;
  };

  /** Ground truth of rows [start, end), signed for the explained (predicted) class. */
  const truthOf = (j: Job, x: Matrix, start: number, end: number): Matrix | null => {
    if (j.groundTruth === 'model') return j.neural === null ? null : linearGroundTruth(j.neural, x, { flipForClass0: true });
    if (j.groundTruth !== 'data' || j.dataset.dataTruth === null) return null;
    // The generator's weights point to class 1; the explained class is the predicted one.
    const t = contiguous(rowBlock(j.dataset.dataTruth, start, end), true);
    const labels = predictLabels(j.model, x);
    const data = Float64Array.from(t.data);
    for (let i = 0; i < t.rows; i++) if (labels[i] === 0) for (let c = 0; c < t.cols; c++) data[i * t.cols + c] = -data[i * t.cols + c]!;
    return { rows: t.rows, cols: t.cols, data };
  };

  /** Rows [0, k) of a block: the instances a family is scored on (k from the unit's limits). */
  const head = (m: Matrix, k: number): Matrix => (k === m.rows ? m : contiguous(rowBlock(m, 0, k), true));
  const score = (
    j: Job,
    x: Matrix,
    attributions: Matrix,
    truth: Matrix | null,
    explainer: Explainer | null,
    counts: Readonly<Record<MetricFamily, number>>,
  ): Scores => {
    const values = new Map<string, Float64Array>();
    const diag = new Map<string, Float64Array>();
    const put = (r: MetricResult): void => {
      if (want.has(r.metric)) values.set(r.metric, r.values);
    };
    const baseOf = (k: number) => ({ x: head(x, k), attributions: head(attributions, k), model: j.model, schema: j.dataset.schema });
    const kt = counts['ground-truth'];
    if (truth !== null && kt > 0 && GROUND_TRUTH_METRICS.some((m) => want.has(m))) {
      const gi = { ...baseOf(kt), groundTruth: head(truth, kt) };
      const opts = { preset: p.preset };
      if (want.has('PRA')) put(pra(gi, opts));
      if (want.has('RC')) put(rc(gi, opts));
      if (want.has('FA')) put(fa(gi, opts));
      if (want.has('RA')) put(ra(gi, opts));
      if (want.has('SA')) put(sa(gi, opts));
      if (want.has('SRA')) put(sra(gi, opts));
    }
    const kp = counts.prediction;
    if ((want.has('PGI') || want.has('PGU')) && kp > 0 && PREDICTION_METRICS.some((m) => want.has(m))) {
      const g = predictionGaps(baseOf(kp), { preset: p.preset, seed: p.seed, ...j.scale?.metricOptions('PGI') });
      put(g.PGI);
      put(g.PGU);
    }
    const ks = counts.stability;
    if (explainer !== null && ks > 0 && STABILITY_METRICS.some((m) => want.has(m))) {
      const s = relativeStability(
        { ...baseOf(ks), explainer },
        {
          preset: p.preset,
          seed: p.seed,
          neighbours: p.stabilityNeighbours,
          candidates: p.stabilitySamples,
          useGivenAttributions: true,
          ...j.scale?.metricOptions('RIS'),
        },
      );
      put(s.RIS);
      if (s.RRS !== null) put(s.RRS);
      put(s.ROS);
      diag.set('neighbours', Float64Array.from(s.diagnostics.neighbourCounts));
      if (s.diagnostics.explainerNoise) diag.set('explainerNoise', s.diagnostics.explainerNoise.values);
    }
    // The extended metrics, each on the rows of its instance-count family.
    for (const fam of ['ground-truth', 'prediction', 'stability'] as const) {
      const ids = extended.filter((m) => familyOf(m) === fam);
      const k = counts[fam];
      if (ids.length === 0 || k === 0) continue;
      const r = scoreExtended(ids, {
        model: j.model,
        x: head(x, k),
        attributions: head(attributions, k),
        explainer,
        groundTruth: truth === null ? null : head(truth, k),
        background: j.train,
        seed: p.seed,
        isNull: explainer === null,
        ...(j.scale ? { scale: j.scale } : {}),
      });
      for (const [id, v] of r) values.set(id, v);
    }
    return { values, diag };
  };

  const run = (unit: Unit): ResultRow[] | UnitOutput => {
    const j = job(unit.dataset, unit.model);
    const x = contiguous(rowBlock(j.x, unit.start, unit.end), true);
    const n = x.rows;
    const explainer = explainerOf(j, unit.explainer);
    // Only LIME takes batchPositions (its numpy-batch mode under openxai reads them); every other
    // explainer rejects unknown options, so it gets none.
    const batchPositions = Float64Array.from({ length: n }, (_, i) => unit.start + i);
    const attributions =
      unit.explainer === 'lime' ? (explainer as LimeExplainer).explain(j.model, x, { batchPositions }) : explainer.explain(j.model, x);
    const truth = truthOf(j, x, unit.start, unit.end);
    // Rows of this block each family is scored on (a family limit cuts it short).
    const lim = (f: MetricFamily): number => Math.max(0, Math.min(n, (unit.limits?.[f] ?? unit.end) - unit.start));
    const counts = { 'ground-truth': lim('ground-truth'), prediction: lim('prediction'), stability: lim('stability') };
    const sets: { kind: ResultRow['kind']; scores: Scores }[] = [];
    if (unit.kind === 'floor') {
      sets.push({ kind: 'floor', scores: score(j, x, attributions, truth, explainer, counts) });
    } else {
      sets.push({ kind: 'explainer', scores: score(j, x, attributions, truth, explainer, counts) });
      // The null: the same attributions permuted across features (no stability: it is
      // invariant under a permutation shared by an explanation and its neighbours).
      // Keyed by the instance's content, so rows with identical attributions still get
      // independent permutations and a row's null does not depend on its block.
      const keys = Float64Array.from({ length: n }, (_, i) => hashFloat64(row(x, i)));
      sets.push({ kind: 'null', scores: score(j, x, permutedNullAttributions(attributions, p.seed, { keys }), truth, null, counts) });
    }
    const lines = n * sets.length;
    const rows: ResultRow[] = [];
    for (let i = 0; i < n; i++) {
      for (const { kind, scores } of sets) {
        const metrics: Record<string, ReturnType<typeof numberToStored>> = {};
        for (const m of p.metrics) {
          const v = scores.values.get(m);
          if (v !== undefined && i < v.length) metrics[m] = numberToStored(v[i]!);
        }
        const diag: Record<string, number> = {};
        for (const [k, v] of scores.diag) if (i < v.length && Number.isFinite(v[i]!)) diag[k] = v[i]!;
        rows.push({
          unit: unit.id,
          lines,
          dataset: unit.dataset,
          model: unit.model,
          explainer: unit.explainer,
          kind,
          instance: unit.start + i,
          ...(j.dataset.groups ? { group: j.dataset.groups[unit.start + i]! } : {}),
          metrics,
          ...(Object.keys(diag).length > 0 ? { diag } : {}),
        });
      }
    }
    if (p.saveExplanations && unit.kind === 'explainer') {
      return { rows, attributions: { cols: attributions.cols, data: Float64Array.from(contiguous(attributions, true).data) } };
    }
    return rows;
  };
  // What a worker actually runs for a cell, in the manifest's form (the manifest-vs-run check).
  return Object.assign(run, {
    describe: (dataset: string, model: string, explainer: string): unknown =>
      describeConfig((explainerOf(job(dataset, model), explainer) as { config?: unknown }).config),
  });
}
