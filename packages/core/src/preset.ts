import { XaiError, describeValue } from './errors.js';

/**
 * How paper/code disagreements are settled (recorded in every report):
 * `openxai` reproduces the released code, `paper` the paper's stated settings, `default`
 * paper semantics with the released code's known flaws fixed.
 */
export type Preset = 'default' | 'openxai' | 'paper';

/** All presets, in documentation order. */
export const PRESETS: readonly Preset[] = ['default', 'openxai', 'paper'];

/**
 * The preset named by `value` (undefined means `'default'`); throws BAD_OPTION naming `fn`
 * otherwise.
 * @example resolvePreset(undefined, 'limeExplainer')  // 'default'
 * @since 0.1.0
 */
export function resolvePreset(value: unknown, fn: string): Preset {
  if (value === undefined) return 'default';
  if (typeof value === 'string' && (PRESETS as readonly string[]).includes(value)) return value as Preset;
  throw new XaiError('BAD_OPTION', `expected one of ${PRESETS.join(', ')}, got ${describeValue(value)}`, { fn, arg: 'preset', value });
}
