// Presets: core's shared names (re-exported), plus the rows of defaults every explainer keeps.
import type { AnyPreset } from '@xai/core';
import { ALL_PRESETS, XaiError, describeValue } from '@xai/core';

export { PRESETS, resolvePreset } from '@xai/core';
export type { Preset } from '@xai/core';

/**
 * The rows of an explainer's defaults table: core's three presets and `captum` (Captum's own
 * defaults: the argument defaults of its `attribute` methods).
 * @since 0.3.0
 */
export type ExplainerPreset = 'default' | 'openxai' | 'paper' | 'captum';

/** Every row of an explainer's defaults table, in documentation order. @since 0.3.0 */
export const EXPLAINER_PRESETS: readonly ExplainerPreset[] = ['default', 'openxai', 'paper', 'captum'];

/** A preset name an explainer accepts: one of {@link EXPLAINER_PRESETS} or any preset core knows (`quantus`). @since 0.3.0 */
export type PresetName = AnyPreset | ExplainerPreset;

/** A preset name with the row of defaults it selects. */
export interface ResolvedPreset {
  readonly name: PresetName;
  readonly row: ExplainerPreset;
}

/**
 * The defaults row of a core preset that has no row of its own: Quantus computes its
 * explanations with Captum, so `quantus` runs Captum's defaults.
 */
const ROW_OF_CORE_PRESET: Readonly<Record<string, ExplainerPreset>> = { quantus: 'captum' };

/**
 * The preset named by `value` (undefined means `'default'`) and the defaults row it selects;
 * BAD_OPTION naming `fn` for anything else.
 * @example resolveExplainerPreset('captum', 'smoothGradExplainer')  // { name: 'captum', row: 'captum' }
 * @since 0.3.0
 */
export function resolveExplainerPreset(value: unknown, fn: string): ResolvedPreset {
  if (value === undefined) return { name: 'default', row: 'default' };
  if (typeof value === 'string') {
    if ((EXPLAINER_PRESETS as readonly string[]).includes(value)) return { name: value as ExplainerPreset, row: value as ExplainerPreset };
    if ((ALL_PRESETS as readonly string[]).includes(value))
      return { name: value as AnyPreset, row: ROW_OF_CORE_PRESET[value] ?? 'default' };
  }
  const names = [...new Set<string>([...EXPLAINER_PRESETS, ...ALL_PRESETS])];
  throw new XaiError('BAD_OPTION', `expected one of ${names.join(', ')}, got ${describeValue(value)}`, { fn, arg: 'preset', value });
}
