import { XaiError, describeValue } from '@xai/core';
import type { InputHash, NullKind } from './auditReport.js';

/** Options shared by `runAudit` and `runTabularAudit`. */
export interface AuditOptions {
  /** Permutation draws per null. @defaultValue 100 */
  readonly permutations?: number;
  /** Seed of every null draw. @defaultValue 0 */
  readonly seed?: number;
  /** Upper quantile of the null that accuracy must beat. @defaultValue 0.99 */
  readonly quantile?: number;
  /** Accuracy must exceed the null's upper quantile by more than this (absolute). @defaultValue 0.02 */
  readonly margin?: number;
  /** A probe fires only when it commits on at least this many items. @defaultValue 20 */
  readonly minCovered?: number;
  /**
   * Correction across the battery. 'max-t': every probe is held to the `quantile` of the
   * null distribution of the *maximum* standardised excess over the probes (the draws are
   * shared), so the chance that any probe fires on data without a shortcut is about
   * 1 − quantile. 'none': each probe against its own null's upper quantile (per-probe
   * control only; over eight probes about 3 % of clean corpora show a false fire).
   * @defaultValue 'max-t'
   */
  readonly familyWise?: FamilyWise;
  /** Recorded in the receipt (the adapter fills these). */
  readonly receipt?: {
    readonly command?: string;
    readonly adapter?: string;
    readonly inputs?: readonly InputHash[];
    readonly corpus?: { readonly id: string; readonly generator: string; readonly seed: number; readonly params: unknown };
  };
}

/** The defaults, printed in the README. */
export const AUDIT_DEFAULTS = {
  permutations: 100,
  seed: 0,
  quantile: 0.99,
  margin: 0.02,
  minCovered: 20,
  familyWise: 'max-t',
} as const;

/** The correction across probes (see `AuditOptions.familyWise`). */
export type FamilyWise = 'max-t' | 'none';

/** The options after defaults, as every receipt records them. */
export interface ResolvedAuditOptions {
  readonly permutations: number;
  readonly seed: number;
  readonly quantile: number;
  readonly margin: number;
  readonly minCovered: number;
  /** Correction across probes ('max-t' or 'none'). */
  readonly familyWise: FamilyWise;
}

/** Fills defaults and validates, naming the function and the option. */
export function resolveAuditOptions(options: AuditOptions, fn: string): ResolvedAuditOptions {
  const o = { ...AUDIT_DEFAULTS, ...stripUndefined(options) };
  const bad = (arg: string, value: unknown, what: string): never => {
    throw new XaiError('BAD_OPTION', `${what}, got ${describeValue(value)}`, { fn, arg, value });
  };
  if (!Number.isInteger(o.permutations) || o.permutations < 1) bad('permutations', o.permutations, 'expected a positive integer');
  if (!Number.isSafeInteger(o.seed)) bad('seed', o.seed, 'expected a safe integer');
  if (!(o.quantile > 0 && o.quantile < 1)) bad('quantile', o.quantile, 'expected a number in (0, 1)');
  if (!(o.margin >= 0 && o.margin < 1)) bad('margin', o.margin, 'expected a number in [0, 1)');
  if (!Number.isInteger(o.minCovered) || o.minCovered < 1) bad('minCovered', o.minCovered, 'expected a positive integer');
  if (o.familyWise !== 'max-t' && o.familyWise !== 'none') bad('familyWise', o.familyWise, "expected 'max-t' or 'none'");
  return {
    permutations: o.permutations,
    seed: o.seed,
    quantile: o.quantile,
    margin: o.margin,
    minCovered: o.minCovered,
    familyWise: o.familyWise,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[key] = v;
  return out;
}

export type { NullKind };
