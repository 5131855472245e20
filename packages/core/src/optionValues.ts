import { XaiError, describeValue } from './errors.js';

/**
 * The value checkers every @xai package uses for its options. Each one has the same shape,
 * `(value, fn, arg, rule?)`: `value` is what the caller passed (possibly `undefined`), `fn` the public
 * function, `arg` the option as the user wrote it (e.g. `'options.seed'` or `'--seed'`), and `rule`
 * the bounds and the `fallback` used when `value` is `undefined`. A value outside the rule is a
 * BAD_OPTION XaiError whose message says what was expected and what came.
 */

/** Bounds of an integer option: `min`/`max` are inclusive. @since 0.2.0 */
export interface IntRule {
  readonly min?: number;
  readonly max?: number;
  /** Returned when the value is `undefined`; without it `undefined` is an error. */
  readonly fallback?: number;
}

/** Bounds of a real option: `min`/`max` inclusive, `above`/`below` exclusive. Always finite. @since 0.2.0 */
export interface NumberRule {
  readonly min?: number;
  readonly max?: number;
  readonly above?: number;
  readonly below?: number;
  readonly fallback?: number;
}

/** The one rule of a seed option: a safe integer (any sign). @since 0.2.0 */
export interface SeedRule {
  readonly fallback?: number;
}

/** The one rule of a boolean option. @since 0.2.0 */
export interface BooleanRule {
  readonly fallback?: boolean;
}

/** The allowed values of a string option, and its default. @since 0.2.0 */
export interface EnumRule<T extends string> {
  readonly values: readonly T[];
  readonly fallback?: T;
}

/** The BAD_OPTION every checker throws: `expected <what>, got <value>`. @since 0.2.0 */
export function badOptionValue(fn: string, arg: string, value: unknown, expected: string): XaiError {
  return new XaiError('BAD_OPTION', `expected ${expected}, got ${describeValue(value)}`, { fn, arg, value });
}

function intervalText(rule: NumberRule): string {
  const lo = rule.above !== undefined ? `> ${rule.above}` : rule.min !== undefined ? `>= ${rule.min}` : undefined;
  const hi = rule.below !== undefined ? `< ${rule.below}` : rule.max !== undefined ? `<= ${rule.max}` : undefined;
  if (lo !== undefined && hi !== undefined) {
    const open = rule.above !== undefined ? `(${rule.above}` : `[${rule.min}`;
    const close = rule.below !== undefined ? `${rule.below})` : `${rule.max}]`;
    return ` in ${open}, ${close}`;
  }
  if (lo !== undefined) return ` ${lo}`;
  if (hi !== undefined) return ` ${hi}`;
  return '';
}

function inBounds(v: number, rule: NumberRule): boolean {
  if (rule.min !== undefined && v < rule.min) return false;
  if (rule.max !== undefined && v > rule.max) return false;
  if (rule.above !== undefined && !(v > rule.above)) return false;
  if (rule.below !== undefined && !(v < rule.below)) return false;
  return true;
}

/**
 * A safe integer within `[min, max]`.
 * @example intOption(options.folds, 'fit', 'options.folds', { min: 2, max: 20, fallback: 5 })
 * @since 0.2.0
 */
export function intOption(value: unknown, fn: string, arg: string, rule: IntRule = {}): number {
  const v = value === undefined ? rule.fallback : value;
  if (typeof v === 'number' && Number.isSafeInteger(v) && inBounds(v, rule)) return v;
  throw badOptionValue(fn, arg, v, `an integer${intervalText(rule)}`);
}

/**
 * A finite number within the rule's bounds.
 * @example numberOption(options.quantile, 'audit', 'options.quantile', { above: 0, below: 1, fallback: 0.95 })
 * @since 0.2.0
 */
export function numberOption(value: unknown, fn: string, arg: string, rule: NumberRule = {}): number {
  const v = value === undefined ? rule.fallback : value;
  if (typeof v === 'number' && Number.isFinite(v) && inBounds(v, rule)) return v;
  throw badOptionValue(fn, arg, v, `a finite number${intervalText(rule)}`);
}

/**
 * A seed: any safe integer.
 * @example seedOption(options.seed, 'generateSynthGauss', 'options.seed', { fallback: 0 })
 * @since 0.2.0
 */
export function seedOption(value: unknown, fn: string, arg = 'seed', rule: SeedRule = {}): number {
  const v = value === undefined ? rule.fallback : value;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  throw badOptionValue(fn, arg, v, 'a safe integer');
}

/**
 * `true` or `false` (no truthy strings or numbers).
 * @example booleanOption(options.verbose, 'runBench', 'options.verbose', { fallback: false })
 * @since 0.2.0
 */
export function booleanOption(value: unknown, fn: string, arg: string, rule: BooleanRule = {}): boolean {
  const v = value === undefined ? rule.fallback : value;
  if (typeof v === 'boolean') return v;
  throw badOptionValue(fn, arg, v, 'true or false');
}

/**
 * One of `rule.values`.
 * @example enumOption(options.order, 'generateSynthGauss', 'options.order', { values: ['shuffled', 'by-cluster'] })
 * @since 0.2.0
 */
export function enumOption<T extends string>(value: unknown, fn: string, arg: string, rule: EnumRule<T>): T {
  const v = value === undefined ? rule.fallback : value;
  if (typeof v === 'string' && (rule.values as readonly string[]).includes(v)) return v as T;
  throw badOptionValue(fn, arg, v, rule.values.map((a) => `'${a}'`).join(' or '));
}
