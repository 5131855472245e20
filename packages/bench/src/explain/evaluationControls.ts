// xai evaluate's controls: the floor explainers' and the permuted null's scores on the same
// rows, model and metric, summarised and judged as a bench run does (summarize's best floor and
// paired SEs, the verdict rule of the reports), or the reason a control cannot be computed here.
import type { Explainer, Matrix, Model } from '@xai/core';
import { hashFloat64, row } from '@xai/core';
import { floorExplainers, permutedNullAttributions } from '@xai/audit/controls';
import type { ControlVerdict } from '@xai/audit/controls';
import { VERDICT_WORDS } from '@xai/audit/controls';
import { observedValues } from '@xai/data';
import { STABILITY_METRICS } from '../config/ids.js';
import { extendedInfo } from '../run/extendedScores.js';
import type { ResultRow, RowKind } from '../results/resultRow.js';
import { numberToStored } from '../results/resultRow.js';
import { summarize } from '../results/summarize.js';
import { metricVerdict } from '../report/verdicts.js';
import type { VerdictContext } from '../report/verdicts.js';

/** The controls beside one `xai evaluate` score, and the verdict drawn from them. */
export interface EvaluationControls {
  /** The best floor explainer's mean (by the metric's direction), its SE and id; null when not computed. */
  readonly floor: number | null;
  readonly floorSe: number | null;
  readonly floorExplainer: string | null;
  /** The permuted null's mean and SE; null when the metric has none or it was not computed. */
  readonly null: number | null;
  readonly nullSe: number | null;
  readonly liftOverFloor: number | null;
  readonly liftOverFloorSe: number | null;
  readonly liftOverNull: number | null;
  readonly liftOverNullSe: number | null;
  readonly verdict: ControlVerdict;
  /** Why a control has no value here. */
  readonly notComputed?: { readonly floor?: string; readonly null?: string };
}

/** What the controls are computed from: the scored rows and a way to score any attributions on them. */
export interface ControlInputs {
  readonly metric: string;
  readonly model: Model;
  readonly x: Matrix;
  readonly attributions: Matrix;
  /** The explainers' background rows; the floors need them. */
  readonly train: Matrix | undefined;
  /** The class each row explains (the floors explain the same). */
  readonly targets: Int32Array;
  readonly seed: number;
  /** Per-instance values of the metric on these attributions (`explainer`: the one stability re-explains with). */
  readonly score: (attributions: Matrix, explainer: Explainer | undefined) => ArrayLike<number>;
  readonly context: VerdictContext;
}

/** A metric whose permuted null means something (not stability: it is invariant under a shared permutation). */
function nullApplies(metric: string): boolean {
  return !STABILITY_METRICS.includes(metric as never) && extendedInfo(metric)?.nullMeaningful !== false;
}

/**
 * A floor that applies to the metric but could not be computed (no training rows) was not beaten:
 * "beats both controls" drawn from the null alone becomes "not testable here", saying why.
 */
function withMissingFloor(verdict: ControlVerdict, floorMissing: boolean): ControlVerdict {
  if (!floorMissing || verdict.kind !== 'beats') return verdict;
  return {
    kind: 'untestable',
    ...VERDICT_WORDS.untestable,
    detail: 'it beats the null, but the floor was not computed, so it was not beaten',
  };
}

function rowsOf(kind: RowKind, explainer: string, metric: string, values: ArrayLike<number>): ResultRow[] {
  return Array.from(values, (v, i) => ({
    unit: `evaluate/${explainer}`,
    lines: values.length,
    dataset: 'rows',
    model: 'model',
    explainer,
    kind,
    instance: i,
    metrics: { [metric]: numberToStored(v) },
  }));
}

/**
 * The floor (every floor explainer of @xai/audit on `train`, the best one kept), the permuted
 * null (keyed by each row's content, as a bench run draws it) and the verdict; a control that
 * cannot be computed here says why and the verdict reads the others.
 * @since 0.3.0
 */
export function evaluationControls(i: ControlInputs, values: ArrayLike<number>): EvaluationControls {
  const { metric, model, x } = i;
  const rows: ResultRow[] = rowsOf('explainer', 'attributions', metric, values);
  const notComputed: { floor?: string; null?: string } = {};
  if (i.train === undefined)
    notComputed.floor =
      'no training rows to fit the floor explainers on: give --train (or --data, or a model file that keeps a background sample)';
  else if (extendedInfo(metric)?.floorMeaningful === false) notComputed.floor = `${metric} has no meaningful floor`;
  else
    for (const e of floorExplainers({ train: observedValues(i.train), model })) {
      const a = e.explain(model, x, { targets: i.targets });
      rows.push(...rowsOf('floor', e.id, metric, i.score(a, e)));
    }
  if (!nullApplies(metric))
    notComputed.null = 'permuting the features of an explanation and its neighbours alike does not change this metric';
  else {
    const keys = Float64Array.from({ length: x.rows }, (_, r) => hashFloat64(row(x, r)));
    const permuted = permutedNullAttributions(i.attributions, i.seed, { keys });
    rows.push(...rowsOf('null', 'attributions', metric, i.score(permuted, undefined)));
  }
  const s = summarize(rows);
  const ctl = s.controls[0];
  const cell = (kind: RowKind, explainer: string | null | undefined) =>
    s.cells.find((c) => c.kind === kind && c.explainer === explainer && c.metric === metric);
  const num = (v: number | null | undefined): number | null => (v !== null && v !== undefined && Number.isFinite(v) ? v : null);
  const floorCell = cell('floor', ctl?.floorExplainer);
  const nullCell = cell('null', 'attributions');
  return {
    floor: num(ctl?.floor),
    floorSe: num(floorCell?.se),
    floorExplainer: ctl?.floorExplainer ?? null,
    null: num(ctl?.null),
    nullSe: num(nullCell?.se),
    liftOverFloor: num(ctl?.liftOverFloor),
    liftOverFloorSe: num(ctl?.liftOverFloorSe),
    liftOverNull: num(ctl?.liftOverNull),
    liftOverNullSe: num(ctl?.liftOverNullSe),
    verdict: withMissingFloor(
      metricVerdict(metric, ctl, i.context),
      i.train === undefined && extendedInfo(metric)?.floorMeaningful !== false,
    ),
    ...(Object.keys(notComputed).length > 0 ? { notComputed } : {}),
  };
}
