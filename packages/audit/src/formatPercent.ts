/** 0.9523 -> "95.2%"; NaN -> "–". @since 0.1.0 */
export function formatPercent(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(digits)}%` : '–';
}

/** 0.104 -> "+10.4 pt"; NaN -> "–". @since 0.3.0 */
export function formatLift(value: number): string {
  return Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} pt` : '–';
}
