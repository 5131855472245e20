// Scores one block of attributions with every metric the run asks for, each family on the rows
// its instance count allows (a family limit cuts the block short).
import type { Explainer, Matrix, MetricResult, Model } from '@xai/core';
import { contiguous, rowBlock } from '@xai/core';
import { fa, pra, predictionGaps, ra, rc, relativeStability, sa, sra } from '@xai/metrics';
import type { NeuralModel } from '@xai/models';
import type { MetricFamily } from '../config/ids.js';
import { EXTENDED_METRICS, GROUND_TRUTH_METRICS, PREDICTION_METRICS, STABILITY_METRICS, familyOf } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';
import type { PerturbationScale } from '../inputs/perturbationScale.js';
import { scoreExtended } from './extendedScores.js';
import type { DatasetPayload, GroundTruthSource, PipelinePayload } from './pipelinePayload.js';

/** Per-instance metric values and diagnostics of one block of attributions. */
export interface Scores {
  readonly values: Map<string, Float64Array>;
  readonly diag: Map<string, Float64Array>;
}

/** One dataset x model as a worker holds it. */
export interface Job {
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

/** A block to score: its rows, attributions, ground truth, explainer (null for the null control), rows per family. */
export interface Block {
  readonly x: Matrix;
  readonly attributions: Matrix;
  readonly truth: Matrix | null;
  readonly explainer: Explainer | null;
  readonly counts: Readonly<Record<MetricFamily, number>>;
}

/** Rows [0, k) of a block: the instances a family is scored on. */
const head = (m: Matrix, k: number): Matrix => (k === m.rows ? m : contiguous(rowBlock(m, 0, k), true));

/** What every family's scorer reads: the run's settings and the metrics it asks for. */
interface Scoring {
  readonly p: PipelinePayload;
  readonly want: ReadonlySet<string>;
  readonly put: (r: MetricResult) => void;
  readonly base: (k: number) => { x: Matrix; attributions: Matrix; model: Model; schema: DatasetPayload['schema'] };
}

function scoreGroundTruth(s: Scoring, b: Block): void {
  const k = b.counts['ground-truth'];
  if (b.truth === null || k === 0 || !GROUND_TRUTH_METRICS.some((m) => s.want.has(m))) return;
  const gi = { ...s.base(k), groundTruth: head(b.truth, k) };
  const opts = { preset: protocolPreset(s.p.preset) };
  if (s.want.has('PRA')) s.put(pra(gi, opts));
  if (s.want.has('RC')) s.put(rc(gi, opts));
  if (s.want.has('FA')) s.put(fa(gi, opts));
  if (s.want.has('RA')) s.put(ra(gi, opts));
  if (s.want.has('SA')) s.put(sa(gi, opts));
  if (s.want.has('SRA')) s.put(sra(gi, opts));
}

function scorePredictionGap(s: Scoring, j: Job, b: Block): void {
  const k = b.counts.prediction;
  if (!(s.want.has('PGI') || s.want.has('PGU')) || k === 0 || !PREDICTION_METRICS.some((m) => s.want.has(m))) return;
  const g = predictionGaps(s.base(k), { preset: protocolPreset(s.p.preset), seed: s.p.seed, ...j.scale?.metricOptions('PGI') });
  s.put(g.PGI);
  s.put(g.PGU);
}

function scoreStability(s: Scoring, j: Job, b: Block, diag: Map<string, Float64Array>): void {
  const k = b.counts.stability;
  if (b.explainer === null || k === 0 || !STABILITY_METRICS.some((m) => s.want.has(m))) return;
  const r = relativeStability(
    { ...s.base(k), explainer: b.explainer },
    {
      preset: protocolPreset(s.p.preset),
      seed: s.p.seed,
      neighbours: s.p.stabilityNeighbours,
      candidates: s.p.stabilitySamples,
      useGivenAttributions: true,
      ...j.scale?.metricOptions('RIS'),
    },
  );
  s.put(r.RIS);
  if (r.RRS !== null) s.put(r.RRS);
  s.put(r.ROS);
  diag.set('neighbours', Float64Array.from(r.diagnostics.neighbourCounts));
  if (r.diagnostics.explainerNoise) diag.set('explainerNoise', r.diagnostics.explainerNoise.values);
}

/** The extended metrics, each on the rows of its instance-count family. */
function scoreExtendedFamilies(p: PipelinePayload, j: Job, b: Block, values: Map<string, Float64Array>): void {
  const extended = p.metrics.filter((m) => (EXTENDED_METRICS as readonly string[]).includes(m));
  for (const fam of ['ground-truth', 'prediction', 'stability'] as const) {
    const ids = extended.filter((m) => familyOf(m) === fam);
    const k = b.counts[fam];
    if (ids.length === 0 || k === 0) continue;
    const r = scoreExtended(ids, {
      model: j.model,
      x: head(b.x, k),
      attributions: head(b.attributions, k),
      explainer: b.explainer,
      groundTruth: b.truth === null ? null : head(b.truth, k),
      background: j.train,
      seed: p.seed,
      preset: p.preset,
      isNull: b.explainer === null,
      ...(j.scale ? { scale: j.scale } : {}),
    });
    for (const [id, v] of r) values.set(id, v);
  }
}

/** Every requested metric on one block, per instance. */
export function scoreBlock(p: PipelinePayload, want: ReadonlySet<string>, j: Job, b: Block): Scores {
  const values = new Map<string, Float64Array>();
  const diag = new Map<string, Float64Array>();
  const s: Scoring = {
    p,
    want,
    put: (r) => {
      if (want.has(r.metric)) values.set(r.metric, r.values);
    },
    base: (k) => ({ x: head(b.x, k), attributions: head(b.attributions, k), model: j.model, schema: j.dataset.schema }),
  };
  scoreGroundTruth(s, b);
  scorePredictionGap(s, j, b);
  scoreStability(s, j, b, diag);
  scoreExtendedFamilies(p, j, b, values);
  return { values, diag };
}
