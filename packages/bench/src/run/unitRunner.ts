// The worker thread's half of the engine: rebuilds models and explainers once per dataset x
// model, then turns each unit (one explainer on one block of instances) into result rows.
import { observedValues } from '@xai/data';
import type { Explainer, Matrix } from '@xai/core';
import { contiguous, hashFloat64, predictLabels, row, rowBlock, withDiscreteLevels } from '@xai/core';
import { floorExplainers, permutedNullAttributions } from '@xai/audit/controls';
import { linearGroundTruth } from '@xai/models';
import type { MetricFamily } from '../config/ids.js';
import { buildWorkerModel, loadOnnxRuntime, needsOnnxRuntime } from '../inputs/workerModel.js';
import { fitFiniteDifferences } from '../inputs/gradientMethods.js';
import type { ResultRow } from '../results/resultRow.js';
import { numberToStored } from '../results/resultRow.js';
import type { UnitOutput, UnitRunner } from './benchEngine.js';
import type { PipelinePayload } from './pipelinePayload.js';
import { buildExplainer, describeConfig, jobScale } from './pipelinePayload.js';
import type { Unit } from './planUnits.js';
import type { Job, Scores } from './scoreBlock.js';
import { scoreBlock } from './scoreBlock.js';
import type { PlotSample } from './plotSample.js';
import { PLOT_INSTANCES, plotBase, plotSamples, plotTarget as plotTargetOf } from './plotSample.js';

type OnnxRuntime = Awaited<ReturnType<typeof loadOnnxRuntime>> | null;

/** The job of a dataset x model, built on first use and kept for the worker's life. */
function jobCache(p: PipelinePayload, onnx: OnnxRuntime): (dataset: string, model: string) => Job {
  const jobs = new Map<string, Job>();
  const byId = new Map(p.datasets.map((d) => [d.id, d]));
  return (dataset, model) => {
    const key = `${dataset}/${model}`;
    let j = jobs.get(key);
    if (j === undefined) {
      const spec = p.jobs.find((x) => x.dataset === dataset && x.model === model);
      const ds = byId.get(dataset);
      if (spec === undefined || ds === undefined) throw new Error(`no prepared job for ${key}`);
      const w = buildWorkerModel(spec.worker, key, onnx, p.precision);
      const { x, train } = spec.inputs ?? ds;
      // Levels, steps, floors and noise units read the observed cells (a tree model's rows may hold NaN).
      const observed = observedValues(train);
      // A discrete column's flip swaps the two values it takes in this model's input space.
      const withLevels = { ...ds, schema: withDiscreteLevels(ds.schema, observed) };
      fitFiniteDifferences(w.model, observed, observedValues(x));
      const explainers = new Map<string, Explainer>(floorExplainers({ train: observed, model: w.model }).map((e) => [e.id, e]));
      const scale = jobScale(p.preset, spec.scaleNoise, observed, ds.schema);
      j = { dataset: withLevels, x, train, scale, model: w.model, neural: w.neural, groundTruth: spec.groundTruth, explainers };
      jobs.set(key, j);
    }
    return j;
  };
}

function explainerOf(p: PipelinePayload, j: Job, id: string): Explainer {
  let e = j.explainers.get(id);
  if (e === undefined) {
    e = buildExplainer(id, p.preset, p.seed, j.train, j.scale, p.treeShap);
    j.explainers.set(id, e);
  }
  return e;
}

/** Ground truth of rows [start, end), signed for the explained (predicted) class. */
function truthOf(j: Job, x: Matrix, start: number, end: number): Matrix | null {
  if (j.groundTruth === 'model') return j.neural === null ? null : linearGroundTruth(j.neural, x, { flipForClass0: true });
  if (j.groundTruth !== 'data' || j.dataset.dataTruth === null) return null;
  // The generator's weights point to class 1; the explained class is the predicted one.
  const t = contiguous(rowBlock(j.dataset.dataTruth, start, end), true);
  const labels = predictLabels(j.model, x);
  const data = Float64Array.from(t.data);
  for (let i = 0; i < t.rows; i++) if (labels[i] === 0) for (let c = 0; c < t.cols; c++) data[i * t.cols + c] = -data[i * t.cols + c]!;
  return { rows: t.rows, cols: t.cols, data };
}

/** One result row per instance and score set (explainer or floor, and the null beside an explainer). */
function resultRows(
  p: PipelinePayload,
  j: Job,
  unit: Unit,
  n: number,
  sets: readonly { kind: ResultRow['kind']; scores: Scores }[],
  plots: readonly PlotSample[] = [],
): ResultRow[] {
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
        ...(kind === 'explainer' && plots[i] ? { plot: plots[i] } : {}),
      });
    }
  }
  return rows;
}

/** Each job's plot base values by explainer (one batch of model calls per job and explainer). */
const plotBases = new WeakMap<Job, Map<string, ReturnType<typeof plotBase>>>();

/**
 * The plot samples of an explainer unit's rows among the first PLOT_INSTANCES test instances
 * (none for the Random control): attributions towards the plotted class, the output, the base.
 */
function unitPlots(j: Job, unit: Unit, explainer: Explainer, x: Matrix, attributions: Matrix): PlotSample[] {
  if (unit.kind !== 'explainer' || unit.explainer === 'control' || unit.start >= PLOT_INSTANCES) return [];
  const bases = plotBases.get(j) ?? new Map<string, ReturnType<typeof plotBase>>();
  plotBases.set(j, bases);
  const base = bases.get(unit.explainer) ?? plotBase(j.model, explainer, j.train, plotTargetOf(j.model));
  bases.set(unit.explainer, base);
  const n = Math.min(x.rows, PLOT_INSTANCES - unit.start);
  // Each row keeps its place among the scored instances, so its draws equal the scored explanation's.
  return plotSamples(j.model, x, attributions, n, base, (rows, targets, at) =>
    explainer.explain(j.model, rows, { targets, batchPositions: Float64Array.from(at, (i) => unit.start + i) }),
  );
}

/** Explains one unit's block and scores it (and, for an explainer, its permuted null). */
function runUnit(p: PipelinePayload, want: ReadonlySet<string>, j: Job, unit: Unit): ResultRow[] | UnitOutput {
  const x = contiguous(rowBlock(j.x, unit.start, unit.end), true);
  const n = x.rows;
  const explainer = explainerOf(p, j, unit.explainer);
  // Each row at its place among the scored instances, whatever the block (LIME's numpy-batch
  // mode under openxai reads it; every other explainer ignores it).
  const batchPositions = Float64Array.from({ length: n }, (_, i) => unit.start + i);
  const attributions = explainer.explain(j.model, x, { batchPositions });
  const truth = truthOf(j, x, unit.start, unit.end);
  // Rows of this block each family is scored on (a family limit cuts it short).
  const lim = (f: MetricFamily): number => Math.max(0, Math.min(n, (unit.limits?.[f] ?? unit.end) - unit.start));
  const counts = { 'ground-truth': lim('ground-truth'), prediction: lim('prediction'), stability: lim('stability') };
  const sets: { kind: ResultRow['kind']; scores: Scores }[] = [];
  if (unit.kind === 'floor') {
    sets.push({ kind: 'floor', scores: scoreBlock(p, want, j, { x, attributions, truth, explainer, counts }) });
  } else {
    sets.push({ kind: 'explainer', scores: scoreBlock(p, want, j, { x, attributions, truth, explainer, counts }) });
    // The null: the same attributions permuted across features (no stability: it is
    // invariant under a permutation shared by an explanation and its neighbours).
    // Keyed by the instance's content, so rows with identical attributions still get
    // independent permutations and a row's null does not depend on its block.
    const keys = Float64Array.from({ length: n }, (_, i) => hashFloat64(row(x, i)));
    const permuted = permutedNullAttributions(attributions, p.seed, { keys });
    sets.push({ kind: 'null', scores: scoreBlock(p, want, j, { x, attributions: permuted, truth, explainer: null, counts }) });
  }
  const rows = resultRows(p, j, unit, n, sets, unitPlots(j, unit, explainer, x, attributions));
  if (p.saveExplanations && unit.kind === 'explainer') {
    return { rows, attributions: { cols: attributions.cols, data: Float64Array.from(contiguous(attributions, true).data) } };
  }
  return rows;
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
  const want = new Set(p.metrics);
  const job = jobCache(p, onnx);
  const run = (unit: Unit): ResultRow[] | UnitOutput => runUnit(p, want, job(unit.dataset, unit.model), unit);
  // What a worker actually runs for a cell, in the manifest's form (the manifest-vs-run check).
  return Object.assign(run, {
    describe: (dataset: string, model: string, explainer: string): unknown =>
      describeConfig((explainerOf(p, job(dataset, model), explainer) as { config?: unknown }).config),
  });
}
