import { XaiError, describeValue } from '@xai/core';

/** Integration rules for Integrated Gradients, named as in Captum. */
export type IntegrationMethod = 'gausslegendre' | 'riemann_left' | 'riemann_right' | 'riemann_middle' | 'riemann_trapezoid';

/** All integration rules {@link quadratureRule} accepts. */
export const INTEGRATION_METHODS: readonly IntegrationMethod[] = [
  'gausslegendre',
  'riemann_left',
  'riemann_right',
  'riemann_middle',
  'riemann_trapezoid',
];

/** Nodes on [0, 1] and their weights; Σ weights = 1, so Σ w·g(α) approximates ∫₀¹ g. */
export interface QuadratureRule {
  readonly alphas: Float64Array;
  readonly weights: Float64Array;
}

/**
 * Nodes and weights of an n-point rule on [0, 1].
 *
 * - `gausslegendre`: Captum's convention — the Legendre roots x on [−1, 1] mapped to
 *   α = (1 + x)/2 with weights w/2 (ascending α, as numpy's `leggauss`); exact for
 *   polynomials of degree ≤ 2n − 1.
 * - `riemann_left|right|middle`: α = k/n, (k+1)/n or (k+½)/n, weights 1/n (Captum's).
 * - `riemann_trapezoid`: α = k/(n−1), weights 1/(n−1) halved at both ends, so the
 *   weights sum to 1. (Captum uses weights 1/n here, which sum to 1 − 1/n; we use the
 *   standard rule, exact for linear integrands.)
 * @example quadratureRule('gausslegendre', 2)  // alphas (1 ∓ 1/√3)/2, weights ½, ½
 * @since 0.1.0
 */
export function quadratureRule(method: IntegrationMethod, steps: number): QuadratureRule {
  if (!(INTEGRATION_METHODS as readonly string[]).includes(method)) {
    throw new XaiError('BAD_OPTION', `expected one of ${INTEGRATION_METHODS.join(', ')}, got ${describeValue(method)}`, {
      fn: 'quadratureRule',
      arg: 'method',
      value: method,
    });
  }
  const min = method === 'riemann_trapezoid' ? 2 : 1;
  if (!Number.isSafeInteger(steps) || steps < min || steps > 100_000) {
    throw new XaiError('BAD_OPTION', `expected an integer in [${min}, 100000], got ${describeValue(steps)}`, {
      fn: 'quadratureRule',
      arg: 'steps',
      value: steps,
    });
  }
  const n = steps;
  const alphas = new Float64Array(n);
  const weights = new Float64Array(n);
  switch (method) {
    case 'gausslegendre':
      gaussLegendre01(n, alphas, weights);
      break;
    case 'riemann_left':
      for (let k = 0; k < n; k++) {
        alphas[k] = k / n;
        weights[k] = 1 / n;
      }
      break;
    case 'riemann_right':
      for (let k = 0; k < n; k++) {
        alphas[k] = (k + 1) / n;
        weights[k] = 1 / n;
      }
      break;
    case 'riemann_middle':
      for (let k = 0; k < n; k++) {
        alphas[k] = (k + 0.5) / n;
        weights[k] = 1 / n;
      }
      break;
    case 'riemann_trapezoid':
      for (let k = 0; k < n; k++) {
        alphas[k] = k / (n - 1);
        weights[k] = 1 / (n - 1);
      }
      weights[0] = weights[0]! / 2;
      weights[n - 1] = weights[n - 1]! / 2;
      break;
  }
  return { alphas, weights };
}

/** Gauss–Legendre on [0, 1] by Newton iteration on P_n, symmetrised like numpy's leggauss. */
function gaussLegendre01(n: number, alphas: Float64Array, weights: Float64Array): void {
  const half = Math.ceil(n / 2);
  for (let i = 0; i < half; i++) {
    // Roots of P_n in descending order; Tricomi's initial guess.
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let dp = 1;
    for (let iter = 0; iter < 100; iter++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      const pn = n === 1 ? x : p1;
      const pnm1 = n === 1 ? 1 : p0;
      dp = (n * (x * pn - pnm1)) / (x * x - 1);
      const dx = pn / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    if (n % 2 === 1 && i === half - 1) x = 0; // the middle root is exactly 0
    // Recompute the derivative at the converged root for the weight.
    let p0 = 1;
    let p1 = x;
    for (let k = 2; k <= n; k++) {
      const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
      p0 = p1;
      p1 = p2;
    }
    dp = n === 1 ? 1 : (n * (x * p1 - p0)) / (x * x - 1);
    const w = 2 / ((1 - x * x) * dp * dp);
    // Ascending order in α: index n-1-i holds +x, index i holds −x.
    alphas[n - 1 - i] = 0.5 * (1 + x);
    alphas[i] = 0.5 * (1 - x);
    weights[n - 1 - i] = 0.5 * w;
    weights[i] = 0.5 * w;
  }
  // Normalise so the weights sum to exactly 1 in floating point terms (numpy does the same).
  let s = 0;
  for (let k = 0; k < n; k++) s += weights[k]!;
  for (let k = 0; k < n; k++) weights[k] = weights[k]! / s;
}
