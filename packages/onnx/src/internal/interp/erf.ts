// The error function in float64 (JavaScript has no Math.erf). Below |x| = 2.5 the series
// erf(x) = 2/√π · x·e^(−x²) · Σ (2x²)^n / (1·3···(2n+1)), whose terms are all positive (no
// cancellation); above it erfc from its continued fraction
// erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated backwards over a
// fixed depth. Both agree with a 40-digit reference (mpmath) to 5e-15 relative over the line.

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
const ONE_OVER_SQRT_PI = 1 / Math.sqrt(Math.PI);

/** erfc(x) for x ≥ 2.5 (continued fraction, 36 levels below 4, 24 above). */
function erfcLarge(x: number): number {
  const depth = x < 4 ? 36 : 24;
  let t = x;
  for (let k = depth; k > 0; k--) t = x + (0.5 * k) / t;
  return (Math.exp(-x * x) * ONE_OVER_SQRT_PI) / t;
}

export function erf(x: number): number {
  const a = Math.abs(x);
  if (!(a < 2.5)) {
    if (Number.isNaN(x)) return x;
    if (a >= 6) return Math.sign(x);
    const v = 1 - erfcLarge(a);
    return x < 0 ? -v : v;
  }
  const x2 = x * x;
  let term = a;
  let sum = a;
  for (let n = 1; n < 64; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term <= 1e-17 * sum) break;
  }
  const v = TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
  return x < 0 ? -v : v;
}

/** d erf / dx = 2/√π · e^(−x²). */
export function erfDerivative(x: number): number {
  return TWO_OVER_SQRT_PI * Math.exp(-x * x);
}
