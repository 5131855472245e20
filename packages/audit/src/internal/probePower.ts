import type { ResolvedAuditOptions } from '../auditOptions.js';
import type { AuditPower, ProbeResult } from '../auditReport.js';

/** The power the minimum detectable lift is stated at, and its normal quantile. */
export const STATED_POWER = 0.8;
const Z_POWER = 0.8416212335729143;

/**
 * A probe's line with its power (`ProbePower`) and, when its accuracy sits below the null's
 * lower bound (mean − (bound − mean) − margin), `belowChance` with its likely cause (a learned
 * probe: twins or adversarial filtering; a rule: a reversed cue or such filtering). Rules that
 * fire by exact match carry neither.
 */
export function withPower(p: ProbeResult, opts: ResolvedAuditOptions, learned: boolean): ProbeResult {
  if (p.rule === 'exact-match') return p;
  const canFire = p.covered >= opts.minCovered && Number.isFinite(p.threshold) && Number.isFinite(p.nullMean);
  const liftToFire = canFire ? p.threshold + opts.margin - p.nullMean : Number.NaN;
  const sd = Number.isFinite(p.nullSd) ? p.nullSd : Number.NaN;
  const minimumDetectableLift = canFire ? liftToFire + Z_POWER * sd : Number.NaN;
  const lower = p.nullMean - (p.threshold - p.nullMean) - opts.margin;
  const below = canFire && Number.isFinite(p.accuracy) && p.accuracy < lower;
  const belowChance = learned ? 'twins or adversarial filtering' : 'a reversed cue or adversarial filtering';
  return { ...p, power: { liftToFire, minimumDetectableLift, power: STATED_POWER }, ...(below ? { belowChance } : {}) };
}

/** The audit's power: the most sensitive probe's minimum detectable lift (NaN when no probe can fire). */
export function auditPower(probes: readonly ProbeResult[]): AuditPower {
  let best: ProbeResult | undefined;
  for (const p of probes) {
    const m = p.power?.minimumDetectableLift;
    if (m !== undefined && Number.isFinite(m) && (best === undefined || m < best.power!.minimumDetectableLift)) best = p;
  }
  return { minimumDetectableLift: best?.power?.minimumDetectableLift ?? Number.NaN, probe: best?.name ?? '–', power: STATED_POWER };
}
