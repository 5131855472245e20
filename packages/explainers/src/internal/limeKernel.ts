// lime's default tabular kernel (lime_tabular.py): sqrt(exp(−dist² / width²)). sklearn then
// multiplies squared residuals by this weight, so the effective kernel is exp(−dist²/(2w²)).

/** Kernel weight of a neighbour at squared distance `dist2` for the given kernel width. */
export function limeKernelWeight(dist2: number, width: number): number {
  return Math.sqrt(Math.exp(-dist2 / (width * width)));
}
