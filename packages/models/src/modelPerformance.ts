// What a model scored on held-out rows when it was saved, and the rate of always predicting the
// majority class there: a model below that rate is worse than a constant, and every command that
// shows its scores says so.
import { XaiError, describeValue } from '@xai/core';

/** A model file's record of its accuracy on held-out rows (`performance` in 'xai-model@1'). @since 0.3.0 */
export interface ModelPerformance {
  /** Which rows were scored, e.g. 'test'. */
  readonly split: string;
  readonly rows: number;
  /** Fraction of those rows whose predicted class is their label. */
  readonly accuracy: number;
  /** Fraction of those rows in the most frequent class: the accuracy of always predicting it. */
  readonly baseRate: number;
}

const KEYS = ['split', 'rows', 'accuracy', 'baseRate'];

/**
 * Checks a `performance` block: `split` a string, `rows` a positive integer, `accuracy` and
 * `baseRate` in [0, 1]; BAD_INPUT naming the field otherwise. Returns a copy.
 * @example checkModelPerformance({ split: 'test', rows: 200, accuracy: 0.68, baseRate: 0.715 }, 'fromModelJson')
 * @since 0.3.0
 */
export function checkModelPerformance(value: unknown, fn: string, arg = 'performance'): ModelPerformance {
  const fail = (field: string, why: string, v: unknown): never => {
    throw new XaiError('BAD_INPUT', `${field}: ${why}, got ${describeValue(v)}`, { fn, arg: field, value: v, field });
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail(arg, 'expected an object { split, rows, accuracy, baseRate }', value);
  const p = value as Record<string, unknown>;
  for (const k of Object.keys(p)) if (!KEYS.includes(k)) fail(`${arg}.${k}`, `unknown field (known: ${KEYS.join(', ')})`, k);
  if (typeof p.split !== 'string' || p.split === '') fail(`${arg}.split`, 'expected the name of the rows scored (e.g. "test")', p.split);
  if (typeof p.rows !== 'number' || !Number.isInteger(p.rows) || p.rows < 1) fail(`${arg}.rows`, 'expected a positive integer', p.rows);
  for (const k of ['accuracy', 'baseRate'] as const)
    if (typeof p[k] !== 'number' || !(p[k] >= 0 && p[k] <= 1)) fail(`${arg}.${k}`, 'expected a fraction in [0, 1]', p[k]);
  return { split: p.split as string, rows: p.rows as number, accuracy: p.accuracy as number, baseRate: p.baseRate as number };
}
