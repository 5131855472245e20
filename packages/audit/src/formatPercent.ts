/** 0.9523 -> "95.2%"; NaN -> "–". @since 0.1.0 */
export function formatPercent(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(digits)}%` : '–';
}
