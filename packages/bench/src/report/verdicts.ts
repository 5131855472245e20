// The verdict of each explainer x metric of a dataset x model — ✓ beats both controls, ✕ does
// not, ○ not testable here and why — from @xai/audit's controlVerdict, the one wording the
// report, the leaderboard and the explorer share.
import type { ControlVerdict } from '@xai/audit/controls';
import { VERDICT_WORDS, VERDICT_Z, controlVerdict, untestableReason } from '@xai/audit/controls';
import { STABILITY_METRICS } from '../config/ids.js';
import type { PresetName } from '../config/ids.js';
import type { RunManifest } from '../results/runManifest.js';
import { extendedInfo } from '../run/extendedScores.js';
import type { TableSlice } from './reportSlice.js';

/** What decides which metrics of a dataset x model are testable against their controls. */
export interface VerdictContext {
  /** A built-in logistic regression, its ground truth its own weights. */
  readonly linearModel: boolean;
  readonly groundTruthIsModel: boolean;
  /** PGU/PGI perturb every feature alike (see @xai/audit's UntestableContext). */
  readonly uniformPerturbation?: boolean;
  /** The run's preset (its defaults change what some metrics compare, hence their notes). */
  readonly preset?: PresetName;
}

/**
 * The verdict context of a dataset x model from the manifest: the LR's ground truth is its weights;
 * its perturbations are alike when no feature is flipped as discrete (or one-hot) and the noise has
 * one absolute scale (a manifest without feature kinds counts as not alike).
 */
export function verdictContext(manifest: RunManifest, dataset: string, model: string): VerdictContext {
  const gtIsModel = manifest.datasets.find((d) => d.id === dataset)?.groundTruth?.[model] === 'model';
  const m = manifest.models.find((r) => r.dataset === dataset && r.model === model);
  const kinds = m?.featureKinds;
  const uniformPerturbation =
    kinds !== undefined && kinds.discrete.length === 0 && kinds.groups.length === 0 && m?.noiseInColumnUnits !== true;
  return { linearModel: gtIsModel, groundTruthIsModel: gtIsModel, uniformPerturbation, preset: manifest.config.preset };
}

/** The family a metric is judged in: OpenXAI's three, or an extended metric's own (ground-truth when it reads one). */
function verdictFamily(metric: string): string {
  if (STABILITY_METRICS.includes(metric as never)) return 'stability';
  if (metric === 'PGU' || metric === 'PGI') return 'prediction';
  const x = extendedInfo(metric);
  if (x === undefined) return 'ground-truth';
  return x.requires.includes('ground-truth') ? 'ground-truth' : x.family;
}

/**
 * The verdict of explainer `e` on `metric`: its lifts over the floor and the null with their
 * paired SEs, each control only where the metric's registry info says it is meaningful (the
 * null never for stability), against the reason the pair cannot be tested, if any.
 */
export function cellVerdict(slice: TableSlice, e: string, metric: string, context: VerdictContext): ControlVerdict {
  return metricVerdict(metric, slice.control(e, metric), context);
}

/** The lifts a verdict reads (a ControlComparison of the summary, or `xai evaluate`'s controls). */
export interface VerdictLifts {
  readonly liftOverFloor: number | null;
  readonly liftOverFloorSe?: number | null;
  readonly liftOverNull: number | null;
  readonly liftOverNullSe?: number | null;
}

/** The verdict of one score on `metric` from its lifts over the controls (see {@link cellVerdict}). */
export function metricVerdict(metric: string, ctl: VerdictLifts | undefined, context: VerdictContext): ControlVerdict {
  const x = extendedInfo(metric);
  const floorApplies = x?.floorMeaningful !== false;
  const nullApplies = !STABILITY_METRICS.includes(metric as never) && x?.nullMeaningful !== false;
  return controlVerdict({
    overFloor: floorApplies && ctl ? { lift: ctl.liftOverFloor, se: ctl.liftOverFloorSe ?? null } : null,
    overNull: nullApplies && ctl ? { lift: ctl.liftOverNull, se: ctl.liftOverNullSe ?? null } : null,
    untestable: untestableReason(metric, { family: verdictFamily(metric), ...context }),
  });
}

/** A verdict in one phrase: "✓ beats both controls", "✕ does not beat both controls: below the floor", "○ not testable here: <reason>". */
export function verdictText(v: ControlVerdict): string {
  return `${v.mark} ${v.words}${v.detail ? `: ${v.detail}` : ''}`;
}

/** The line that explains the marks (above every verdict table; the leaderboard's notes). */
export const VERDICT_LEGEND =
  `${VERDICT_WORDS.beats.mark} ${VERDICT_WORDS.beats.words} (the floor and the null) by more than ${VERDICT_Z} paired SEs · ` +
  `${VERDICT_WORDS.fails.mark} ${VERDICT_WORDS.fails.words} (hover or the detailed tables say which) · ` +
  `${VERDICT_WORDS.untestable.mark} ${VERDICT_WORDS.untestable.words}, for the reason under the table. ` +
  'Values: the mean over instances (stability: ln of the mean ratio) to the precision of its SE.';

/** Superscript numerals for footnote marks (¹ ² ³ …). */
export function superscript(n: number): string {
  const digits = '⁰¹²³⁴⁵⁶⁷⁸⁹';
  return String(n)
    .split('')
    .map((d) => digits[Number(d)])
    .join('');
}

/** Numbers distinct footnote texts in order of first use: `mark(text)` gives `¹`, `²`, …; `lines()` the footnotes. */
export function footnoteCounter(): { mark(text: string): string; lines(prefix?: string): string[] } {
  const texts: string[] = [];
  return {
    mark(text) {
      let i = texts.indexOf(text);
      if (i < 0) i = texts.push(text) - 1;
      return superscript(i + 1);
    },
    lines(prefix = '') {
      return texts.map((t, i) => `${superscript(i + 1)} ${prefix}${t}`);
    },
  };
}
