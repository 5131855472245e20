import type { ProbeResult } from './auditReport.js';
import { formatPercent } from './formatPercent.js';

/**
 * The summary line: always the shortcut floor and the null together ("report both or
 * neither"). The floor is the best firing probe; when none fires, the best accuracy is
 * still printed beside its null, labelled as not a shortcut.
 * @since 0.1.0
 */
export function auditSummary(probes: readonly ProbeResult[]): string {
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
    const p = pick(firing)!;
    return `Shortcut floor: ${p.name} (${p.sign}) ${formatPercent(p.accuracy)} on ${formatPercent(p.coverage)} coverage vs ${nullText(p)}; ${firing.length} of ${total} probes fire (${firing.map((f) => f.name).join(', ')}).`;
  }
  const p = pick(probes);
  if (p === undefined) return `Shortcut floor: none — 0 of ${total} probes commit on any item; null undefined.`;
  return `Shortcut floor: none — 0 of ${total} probes fire; highest lift ${p.name} (${p.sign}) ${formatPercent(p.accuracy)} on ${formatPercent(p.coverage)} coverage vs ${nullText(p)}.`;
}
