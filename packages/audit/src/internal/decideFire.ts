/**
 * The firing rule, in one place: enough covered items, accuracy at least the probe's own
 * minimum, and accuracy above the null's upper quantile by more than the margin. Raw
 * coverage or raw accuracy alone never fire.
 */
export function decideFire(covered: number, accuracy: number, nullUpper: number, minCovered: number, margin: number, minAccuracy: number): boolean {
  if (!(covered >= minCovered) || covered === 0) return false;
  if (!Number.isFinite(accuracy) || !Number.isFinite(nullUpper)) return false;
  if (accuracy < minAccuracy) return false;
  return accuracy - nullUpper > margin;
}
