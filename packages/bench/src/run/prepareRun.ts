// The main thread's half of the engine: loads every dataset, trains (or loads from the cache)
// every model, checks each against its data, and packs what the workers need.
import { CLASS_RULE } from '../explain/classRule.js';
import { basename } from 'node:path';
import { observedValues } from '@xai/data';
import type { Matrix, Model, Preprocessing } from '@xai/core';
import { XaiError, contiguous, rowBlock, withDiscreteLevels } from '@xai/core';
import { floorExplainers } from '@xai/audit/controls';
import { availableDatasets } from '@xai/data/node';
import type { BenchConfig } from '../config/benchConfig.js';
import { maxInstances } from '../config/benchConfig.js';
import { DATASETS, EXTENDED_METRICS } from '../config/ids.js';
import { isPeerPreset, presetStages, protocolPreset } from '../config/presetStages.js';
import { checkModelTask, datasetClasses } from '../inputs/checkModelTask.js';
import { fitFiniteDifferences, gradientVerdict } from '../inputs/gradientMethods.js';
import { loadBenchDataset } from '../inputs/loadBenchDataset.js';
import type { BenchDataset } from '../inputs/loadBenchDataset.js';
import { modelInputSpace } from '../inputs/modelInputSpace.js';
import { checkMissingValueCells } from '../inputs/missingValueCells.js';
import { checkNamedFeatures } from '../inputs/namedFeatures.js';
import type { ModelInputSpace } from '../inputs/modelInputSpace.js';
import { modelSanity, sanityWarning } from '../inputs/modelSanity.js';
import type { ModelSanity } from '../inputs/modelSanity.js';
import { modelSourceId, modelSourcesOf, resolveModelSource } from '../inputs/modelSource.js';
import type { TrainOrLoadModelOptions } from '../inputs/trainOrLoadModel.js';
import { pretrainModels } from './pretrainModels.js';
import type { ResolvedModel } from '../inputs/modelSource.js';
import { openxaiRangeWarning } from '../inputs/perturbationScale.js';
import { featureKindsRecord } from '../inputs/featureKinds.js';
import { loadUserBenchDataset } from '../inputs/userBenchDataset.js';
import { backendNote } from '../inputs/workerModel.js';
import { requireOnnxRuntime } from '../system/onnxRuntimeInstall.js';
import { packageVersions } from '../system/packageVersions.js';
import type { PrepareHooks, PreparedDataset, PreparedModel, PreparedRun } from './benchEngine.js';
import type { DatasetPayload, GroundTruthSource, JobPayload, PipelinePayload } from './pipelinePayload.js';
import { buildExplainer, describeConfig, groundTruthSource, jobScale, noiseUnits } from './pipelinePayload.js';
import { dataMissingPolicy } from '../inputs/treeModels.js';
import { leftOutForMissingCells, missingCellsNote, refuseMissingForExplainers, withoutLeftOut } from '../inputs/missingCells.js';

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
  if (kind === 'file') {
    checkModelTask(resolved.model, ds, resolved.path);
    checkNamedFeatures(resolved.model, resolved.path, ds.preprocessing.features, ds.id, { fn: 'xai bench', arg: '--model' });
  }
  const space = modelInputSpace(ds, kind, resolved.model as Model & { readonly preprocessing?: Preprocessing }, config.modelInput);
  if (kind === 'file') {
    const names = ds.schema.names;
    const rows = [
      { x: space.train, data: `${ds.id} (train rows)`, names },
      { x: space.test, data: `${ds.id} (test rows)`, names },
    ];
    checkMissingValueCells(resolved.model, resolved.path, rows, 'xai bench');
  }
  const sanity = modelSanity(resolved.model, space.test, ds.test.y, datasetClasses(ds));
  const warning = sanityWarning(sanity, key, ds.preprocessing.label?.classes);
  if (warning !== null) {
    if (config.strict) throw new XaiError('BAD_INPUT', `${warning} (--strict)`, { fn: 'xai bench', arg: '--strict', value: key });
    hooks.log(`WARNING ${warning}`);
  }
  return { space, sanity };
}

/** The run's dataset ids: 'all' is the synthetic set plus every registry dataset found on disk. */
function datasetIds(config: BenchConfig, hooks: PrepareHooks): string[] {
  let ids: string[] = [...config.datasets];
  if (!ids.includes('all')) return ids;
  const found = availableDatasets({ dataDir: config.dataDir, cacheDir: `${config.cacheDir}/datasets` });
  ids = ['synthetic', ...ids.filter((d) => d !== 'all' && d !== 'synthetic'), ...found];
  ids = DATASETS.filter((d) => ids.includes(d));
  // Say so when the data folder holds nothing: `all` silently meaning synthetic alone hides a wrong folder.
  const none = found.length === 0 ? ': none there; set XAI_DATA_DIR or --data-dir to the folder of real datasets' : '';
  hooks.log(`datasets: ${ids.join(', ')} (all = synthetic + found in ${config.dataDir}${none})`);
  return ids;
}

/** The user's `--data` CSV, appended to the ids (its name must not shadow a dataset of the run). */
async function userDataset(config: BenchConfig, ids: string[], hooks: PrepareHooks): Promise<BenchDataset | null> {
  if (!config.userData) return null;
  const files = config.modelFiles.map((f) => f.path);
  const trained = config.models.filter((m) => !config.modelFiles.some((f) => f.id === m));
  const user = await loadUserBenchDataset(dataMissingPolicy(config.userData, trained, files), { seed: config.seed });
  if (ids.includes(user.id))
    throw new XaiError(
      'BAD_OPTION',
      `--data ${config.userData.data} is named ${JSON.stringify(user.id)} like a dataset of the run; rename the file`,
      {
        fn: 'xai bench',
        arg: '--data',
        value: user.id,
      },
    );
  ids.push(user.id);
  for (const w of user.warnings) hooks.log(`${user.id}: ${w}`);
  return user;
}

/** Where a dataset's feature kinds come from, in words (the manifest's featureKinds.source). */
function kindsSource(config: BenchConfig, id: string, isUser: boolean): string {
  const u = config.userData;
  if (!isUser || !u) return `the ${id} dataset's registry entry`;
  return u.schema !== undefined ? `--schema ${u.schema}` : `inferred from the values of ${u.data}`;
}

/** What the models of one dataset add to the run, and what the dataset's record needs of them. */
interface DatasetModels {
  readonly models: PreparedModel[];
  readonly jobs: JobPayload[];
  readonly groundTruth: Record<string, GroundTruthSource>;
  readonly spaces: Record<string, ModelInputSpace>;
  floors: string[];
}

/** What every dataset's models are prepared with. */
interface PrepareContext {
  readonly config: BenchConfig;
  readonly hooks: PrepareHooks;
  /** How the built-in kinds are trained and cached. */
  readonly training: TrainOrLoadModelOptions;
  /** `dataset/kind` of the models trained by this run's training threads (recorded as trained, not cached). */
  readonly trainedNow: ReadonlySet<string>;
}

/** The training options of a run: the model cache depends on the trainer's code only (the data is in the dataset hash). */
function trainingOptions(config: BenchConfig, hooks: PrepareHooks): TrainOrLoadModelOptions {
  const versions = packageVersions();
  const trainerVersions = { '@xai/core': versions['@xai/core'] ?? '', '@xai/models': versions['@xai/models'] ?? '' };
  return { preset: config.preset, seed: config.seed, cacheDir: config.cacheDir, versions: trainerVersions, log: hooks.log };
}

/** Resolves, checks and packs every model of the run on one dataset. */
async function prepareModels(
  ds: BenchDataset,
  payload: DatasetPayload,
  payloadRows: number,
  ctx: PrepareContext,
  floors: string[],
  isUser: boolean,
): Promise<DatasetModels> {
  const { config, hooks } = ctx;
  const id = payload.id;
  const kinds = kindsSource(config, id, isUser);
  const out: DatasetModels = { models: [], jobs: [], groundTruth: {}, spaces: {}, floors };
  for (const source of modelSourcesOf(config)) {
    const kind = modelSourceId(source);
    // A model file's reasons are unknown: no ground truth (its metrics are not applicable).
    const src = source.kind === 'file' ? null : groundTruthSource(id, kind);
    out.groundTruth[kind] = src === 'data' && payload.dataTruth === null ? null : src;
    const resolved = await resolveModelSource(ds, source, {
      ...ctx.training,
      backend: config.backend,
      onnx: { precision: config.precision, ...(config.output !== undefined ? { output: config.output } : {}) },
    });
    try {
      const space = checkedSpace(ds, source.kind, resolved, config, hooks, `${id}/${kind}`);
      if (isUser)
        refuseMissingForExplainers(
          config.explainers,
          config.metrics.filter((m) => (EXTENDED_METRICS as readonly string[]).includes(m)),
          space.space,
          config.userData?.data ?? id,
          ds.schema.names,
        );
      const missingNote = missingCellsNote(space.space, `${id}/${kind}`);
      if (missingNote !== null) hooks.log(missingNote);
      // gradient methods on an .onnx file: refused for columns that lose their derivative and for unreliable finite differences
      fitFiniteDifferences(resolved.model, space.space.train, space.space.test);
      const verdict = gradientVerdict(resolved.model, config.explainers, {
        x: rowBlock(space.space.test, 0, payloadRows),
        names: ds.schema.names,
        allowApproximate: config.allowApproximate === true,
        file: resolved.path,
        fn: 'xai bench',
        arg: '--explainers',
      });
      out.spaces[kind] = space.space;
      const scaleNoise = noiseUnits(config.preset, ds);
      out.models.push({
        dataset: id,
        model: kind,
        hash: resolved.hash,
        path: resolved.path,
        cached: resolved.cached && !ctx.trainedNow.has(`${id}/${kind}`),
        ...(resolved.report ? { report: resolved.report } : {}),
        source: resolved.source,
        gradients: verdict?.note ?? resolved.gradients,
        ...(resolved.approximateGradients ? { approximateGradients: true } : {}),
        inputSpace: { space: space.space.space, note: space.space.note },
        sanity: space.sanity,
        featureKinds: featureKindsRecord(withDiscreteLevels(ds.schema, observedValues(space.space.train)), kinds),
        ...(scaleNoise ? { noiseInColumnUnits: true } : {}),
      });
      if (resolved.approximateGradients) hooks.log(`${id}/${kind}: gradients are APPROXIMATE (${resolved.gradients}); reports mark them`);
      const own = space.space.test !== ds.test.x;
      out.jobs.push({
        dataset: id,
        model: kind,
        worker: resolved.worker,
        groundTruth: out.groundTruth[kind]!,
        ...(own ? { inputs: { x: contiguous(rowBlock(space.space.test, 0, payloadRows), true), train: space.space.train } } : {}),
        scaleNoise,
      });
      const rangeWarning = openxaiRangeWarning(config.preset, space.space.train, ds.schema.names);
      if (rangeWarning !== null) hooks.log(`WARNING ${id}/${kind}: ${rangeWarning}`);
      if (out.floors.length === 0)
        out.floors = floorExplainers({ train: observedValues(space.space.train), model: resolved.model }).map((e) => e.id);
    } finally {
      resolved.dispose();
    }
  }
  return out;
}

/** model -> explainer -> resolved settings of the very object the workers build (the manifest's record). */
function explainerConfigsOf(
  ds: BenchDataset,
  config: BenchConfig,
  spaces: Record<string, ModelInputSpace>,
): Record<string, Record<string, unknown>> {
  const configs: Record<string, Record<string, unknown>> = {};
  for (const kind of config.models) {
    const perModel: Record<string, unknown> = {};
    const train: Matrix = spaces[kind]?.train ?? ds.train.x;
    const scale = jobScale(config.preset, noiseUnits(config.preset, ds), train, ds.schema);
    for (const e of config.explainers)
      perModel[e] = describeConfig(buildExplainer(e, config.preset, config.seed, train, scale, config.treeShap).config);
    configs[kind] = perModel;
  }
  return configs;
}

/** The manifest's record of how every number was computed. */
function runSettings(config: BenchConfig, explainers: Record<string, Record<string, Record<string, unknown>>>): Record<string, unknown> {
  const peer = isPeerPreset(config.preset);
  return {
    // Under quantus or captum: the preset each stage was given (data, models and OpenXAI's eleven run default).
    ...(peer ? { presets: presetStages(config.preset) } : {}),
    explainers,
    metrics: {
      preset: protocolPreset(config.preset),
      ...(peer ? { extendedPreset: config.preset } : {}),
      seed: config.seed,
      stability: { neighbours: config.stabilityNeighbours, candidates: config.stabilitySamples, useGivenAttributions: true },
      ...(config.instanceOverrides.length > 0 ? { instances: { default: config.instances, overrides: config.instanceOverrides } } : {}),
    },
    explainedClass: CLASS_RULE.bench,
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
          extendedMetrics: `extendedMetrics[id].run(model, x, attributions, predicted targets, explain = explainer.explain(m, x, { targets }), { seed, background: train rows for ROAD, groundTruth for KENDALL_TAU and the localisation metrics${peer ? `, preset: '${config.preset}'` : ''} }); their null is scored only where @xai/metrics marks it meaningful`,
        }
      : {}),
  };
}

/**
 * Main thread: loads every dataset, trains (or loads from the cache) every model, and packs
 * what the workers need. 'all' means the synthetic set plus every registry dataset whose files
 * are found in dataDir or the cache.
 * @since 0.1.0
 */
export async function prepare(configured: BenchConfig, hooks: PrepareHooks): Promise<PreparedRun> {
  if (configured.backend === 'ort') await requireOnnxRuntime('--backend ort');
  const ids = datasetIds(configured, hooks);
  const user = await userDataset(configured, ids, hooks);
  // The default set on rows with missing cells: what cannot take them is left out, said once.
  const leftOut =
    user === null
      ? null
      : leftOutForMissingCells(configured, { train: user.train.x, test: user.test.x }, basename(configured.userData?.data ?? user.id));
  if (leftOut !== null) hooks.log(`left out: ${leftOut.reason}`);
  const config = withoutLeftOut(configured, leftOut);
  const datasets: PreparedDataset[] = [];
  const models: PreparedModel[] = [];
  const dsPayload: DatasetPayload[] = [];
  const jobs: JobPayload[] = [];
  let floors: string[] = [];
  // dataset -> model -> explainer -> resolved settings of the very object the workers build.
  const explainerConfigs: Record<string, Record<string, Record<string, unknown>>> = {};
  const wanted = maxInstances(config);
  const loaded: BenchDataset[] = [];
  for (const id of ids)
    loaded.push(
      user !== null && id === user.id
        ? user
        : await loadBenchDataset(id, {
            preset: config.preset,
            dataDir: config.dataDir,
            cacheDir: config.cacheDir,
            download: config.download,
            seed: config.seed,
          }),
    );
  const training = trainingOptions(config, hooks);
  const builtIn = modelSourcesOf(config).flatMap((s) => (s.kind === 'trained' ? [s.name] : []));
  const trainedNow = await pretrainModels(loaded, builtIn, config.workers, training);
  const ctx: PrepareContext = { config, hooks, training, trainedNow };
  for (const ds of loaded) {
    const id = ds.id;
    // The payload holds as many rows as any explainer or family asks for; the plan cuts per unit.
    const payloadRows = Math.min(wanted, ds.test.x.rows);
    const x = contiguous(rowBlock(ds.test.x, 0, payloadRows), true);
    const groups = ds.sensitive ? ds.sensitive.test.slice(0, payloadRows) : null;
    const dataTruth = ds.groundTruthTest ? contiguous(rowBlock(ds.groundTruthTest, 0, payloadRows), true) : null;
    const payload: DatasetPayload = { id, x, train: ds.train.x, schema: ds.schema, groups, dataTruth };
    dsPayload.push(payload);
    const prepared = await prepareModels(ds, payload, payloadRows, ctx, floors, ds === user);
    floors = prepared.floors;
    models.push(...prepared.models);
    jobs.push(...prepared.jobs);
    explainerConfigs[id] = explainerConfigsOf(ds, config, prepared.spaces);
    datasets.push({
      id,
      instances: Math.min(config.instances, ds.test.x.rows),
      trainRows: ds.train.x.rows,
      testRows: ds.test.x.rows,
      features: ds.schema.names.length,
      featureNames: ds.schema.names,
      hash: ds.hash,
      ...(ds.sensitive ? { sensitive: { name: ds.sensitive.name, groups: ds.sensitive.groups } } : {}),
      groundTruth: prepared.groundTruth,
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
    ...(config.treeShap ? { treeShap: config.treeShap } : {}),
    datasets: dsPayload,
    jobs,
  };
  const settings = { ...runSettings(config, explainerConfigs), ...(leftOut !== null ? { leftOut } : {}) };
  return { datasets, models, floors, payload, versions: packageVersions(), settings, ...(leftOut !== null ? { leftOut } : {}) };
}
