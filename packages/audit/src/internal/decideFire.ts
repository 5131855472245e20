/**
 * The firing rule, in one place: enough covered items, accuracy at least the probe's own
 * minimum, and accuracy above the probe's bound (`threshold`: the family-wise max-T bound,
 * or the null's own upper quantile without the family rule) by more than the margin. Raw
 * coverage or raw accuracy alone never fire.
 */
export function decideFire(
  covered: number,
  accuracy: number,
  threshold: number,
  minCovered: number,
  margin: number,
  minAccuracy: number,
): boolean {
  if (!(covered >= minCovered) || covered === 0) return false;
  if (!Number.isFinite(accuracy) || !Number.isFinite(threshold)) return false;
  if (accuracy < minAccuracy) return false;
  return accuracy - threshold > margin;
}
