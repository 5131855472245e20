import { enumOption, intOption, numberOption, seedOption } from '@xai/core';
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

/**
 * Upper bounds of the numeric options, checked before any work starts: the work of an audit
 * grows linearly in `permutations` (10 000 draws resolve a 0.9999 quantile) and its memory does
 * not (draws are streamed).
 * @since 0.3.0
 */
export const AUDIT_LIMITS = { permutations: 10_000, minCovered: 1_000_000_000, rebuilds: 1000 } as const;

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
  const d = AUDIT_DEFAULTS;
  return {
    permutations: intOption(options.permutations, fn, 'permutations', { min: 1, max: AUDIT_LIMITS.permutations, fallback: d.permutations }),
    seed: seedOption(options.seed, fn, 'seed', { fallback: d.seed }),
    quantile: numberOption(options.quantile, fn, 'quantile', { above: 0, below: 1, fallback: d.quantile }),
    margin: numberOption(options.margin, fn, 'margin', { min: 0, below: 1, fallback: d.margin }),
    minCovered: intOption(options.minCovered, fn, 'minCovered', { min: 1, max: AUDIT_LIMITS.minCovered, fallback: d.minCovered }),
    familyWise: enumOption(options.familyWise, fn, 'familyWise', { values: ['max-t', 'none'], fallback: d.familyWise }),
  };
}

export type { NullKind };
