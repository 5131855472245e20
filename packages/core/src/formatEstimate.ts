// The one number-format rule of every report, leaderboard and page: an estimate is written to
// the precision its standard error supports, in fixed point, so one column never mixes
// `−9.7e-4` with `−0.001` and a lift of 0.0021 is not printed as `+0.000`.

/** Options of {@link formatValue} and {@link formatEstimate}. */
export interface FormatEstimateOptions {
  /** Write `+` before a positive value (lifts, differences). @defaultValue false */
  readonly signed?: boolean;
}

/** Significant digits kept when there is no standard error (or it is 0). */
const DIGITS_WITHOUT_SE = 3;
/** At most this many decimals, whatever the SE (a value 1e-12 ± 1e-14 stays readable). */
const MAX_DECIMALS = 10;

/**
 * An SE this small beside its value is rounding noise of a sum of equal values (sd of
 * [0.2, 0.2, 0.2] in floating point is 1e-17, not 0): written as 0.
 */
function negligible(value: number, se: number): boolean {
  return se <= Math.max(Math.abs(Number.isFinite(value) ? value : 0), 1e-6) * 1e-9;
}

/** The SE that decides the decimals: a finite positive one that is not rounding noise, else null. */
function usefulSe(value: number, se: number | null | undefined): number | null {
  return se !== undefined && se !== null && Number.isFinite(se) && se > 0 && !negligible(value, se) ? se : null;
}

/**
 * Decimals of an estimate: down to the SE's second significant digit when that digit's leader is
 * 1 or 2 (0.00014 → 5), else its first (0.008 → 3); with no finite positive SE (or one below
 * 1e-9 of the value: floating-point noise of equal values), three significant digits of the
 * value (0.00729 → 5, 1 → 2, 0 → 0). Never negative, at most 10.
 * @example decimalsFor(0.00729, 0.00014) // 5
 * @since 0.3.0
 */
export function decimalsFor(value: number, se?: number | null): number {
  const s = usefulSe(value, se);
  if (s !== null) {
    const lead = Math.floor(Math.log10(s));
    const leadingDigit = Math.floor(s / 10 ** lead + 1e-9);
    return clampDecimals((leadingDigit < 3 ? 1 : 0) - lead);
  }
  if (!Number.isFinite(value) || value === 0) return 0;
  return clampDecimals(DIGITS_WITHOUT_SE - 1 - Math.floor(Math.log10(Math.abs(value))));
}

function clampDecimals(d: number): number {
  return Math.min(MAX_DECIMALS, Math.max(0, d));
}

/**
 * A number at a given number of decimals: fixed point, U+2212 for minus, `∞`/`−∞` spelled,
 * `—` for NaN or a missing value; a value that rounds to zero is `0` at those decimals,
 * never `−0.000`.
 * @example formatFixed(-0.00097, 4) // '−0.0010'
 * @since 0.3.0
 */
export function formatFixed(value: number | null | undefined, decimals: number, options: FormatEstimateOptions = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (value === Number.POSITIVE_INFINITY) return options.signed ? '+∞' : '∞';
  if (value === Number.NEGATIVE_INFINITY) return '−∞';
  let text = value.toFixed(clampDecimals(decimals));
  if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
  if (text.startsWith('-')) return `−${text.slice(1)}`;
  return options.signed && value > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/**
 * A value at the precision its SE supports ({@link decimalsFor}), without the SE.
 * @example formatValue(0.0021473, 0.00031, { signed: true }) // '+0.00215'
 * @since 0.3.0
 */
export function formatValue(value: number | null | undefined, se?: number | null, options: FormatEstimateOptions = {}): string {
  if (value === null || value === undefined) return '—';
  return formatFixed(value, decimalsFor(value, se), options);
}

/**
 * `value ± se`, both at the decimals the SE supports: `0.00729 ± 0.00014`, `0.501 ± 0.008`;
 * an SE of 0 (or floating-point noise) is written `± 0` after the value's three significant
 * digits (`1.00 ± 0`); with no
 * finite SE, the value alone.
 * @example formatEstimate(0.5012, 0.0081) // '0.501 ± 0.008'
 * @since 0.3.0
 */
export function formatEstimate(value: number | null | undefined, se?: number | null, options: FormatEstimateOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return formatFixed(value, 0, options);
  if (se === undefined || se === null || !Number.isFinite(se)) return formatValue(value, null, options);
  const d = decimalsFor(value, se);
  return `${formatFixed(value, d, options)} ± ${usefulSe(value, se) === null ? '0' : formatFixed(se, d)}`;
}
