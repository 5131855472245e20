import type { AuditPower, ProbeResult } from './auditReport.js';
import { formatLift, formatPercent } from './formatPercent.js';

/**
 * The summary line: always the shortcut floor and the null together ("report both or
 * neither"). The floor is the best firing probe; when none fires, the best accuracy is
 * still printed beside its null, labelled as not a shortcut, with what a quiet result cannot rule
 * out (`power`: the smallest lift the most sensitive probe detects with 80 % probability). Probes
 * below chance are named.
 * @since 0.1.0
 */
export function auditSummary(probes: readonly ProbeResult[], power?: AuditPower): string {
  const below = probes.filter((p) => p.belowChance !== undefined).map((p) => `${p.name} (${p.belowChance})`);
  const belowText = below.length > 0 ? ` Below chance: ${below.join('; ')}.` : '';
  return `${floorText(probes, power)}${belowText}`;
}

function floorText(probes: readonly ProbeResult[], power: AuditPower | undefined): string {
  const firing = probes.filter((p) => p.fires);
  const total = probes.length;
  const pick = (list: readonly ProbeResult[]): ProbeResult | undefined =>
    list.reduce<ProbeResult | undefined>(
      (best, p) =>
        Number.isFinite(p.accuracy) && (best === undefined || p.lift > best.lift || (p.lift === best.lift && p.covered > best.covered))
          ? p
          : best,
      undefined,
    );
  const nullText = (p: ProbeResult): string => `permuted-label null ${formatPercent(p.nullMean)} (upper ${formatPercent(p.nullUpper)})`;
  if (firing.length > 0) {
    // A field that is the label (exact match) is the floor to name first: nothing learned, nothing to argue.
    const copies = firing.filter((f) => f.rule === 'exact-match');
    const p = pick(copies.length > 0 ? copies : firing)!;
    return `Shortcut floor: ${p.name} (${p.sign}) ${formatPercent(p.accuracy)} on ${formatPercent(p.coverage)} coverage vs ${nullText(p)}; ${firing.length} of ${total} probes fire (${firing.map((f) => f.name).join(', ')}).`;
  }
  const p = pick(probes);
  if (p === undefined) return `Shortcut floor: none — 0 of ${total} probes commit on any item; null undefined.`;
  const quiet =
    power && Number.isFinite(power.minimumDetectableLift)
      ? ` Quiet at this size cannot rule out a cue below ${formatLift(power.minimumDetectableLift)} (${power.probe}, the most sensitive probe, at ${Math.round(power.power * 100)} % power).`
      : '';
  return `Shortcut floor: none — 0 of ${total} probes fire; highest lift ${p.name} (${p.sign}) ${formatPercent(p.accuracy)} on ${formatPercent(p.coverage)} coverage vs ${nullText(p)}.${quiet}`;
}
