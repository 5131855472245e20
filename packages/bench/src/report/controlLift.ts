import { STABILITY_METRICS } from '../config/ids.js';
import { extendedInfo } from '../run/extendedScores.js';
import type { ControlComparison } from '../results/summarize.js';

/** The explainer id of OpenXAI's Random baseline: a control, shown for reference, never ranked. */
export const RANDOM_CONTROL = 'control';

/**
 * Lift over the better control: the smaller of the finite lifts over the floor and over the
 * null (positive = better than both, by the metric's direction). Stability compares with the
 * floor only (its null equals the score), and so do metrics whose null is not meaningful.
 * null when no control has a finite value (e.g. a constant floor, perfectly stable: ln 0 = −∞).
 * @since 0.2.0
 */
export function liftOverControls(metric: string, ctl: ControlComparison | undefined): number | null {
  if (ctl === undefined) return null;
  const floorOnly = STABILITY_METRICS.includes(metric as never) || extendedInfo(metric)?.nullMeaningful === false;
  const lifts = [ctl.liftOverFloor, floorOnly ? null : ctl.liftOverNull].filter((v): v is number => v !== null && Number.isFinite(v));
  return lifts.length === 0 ? null : Math.min(...lifts);
}
