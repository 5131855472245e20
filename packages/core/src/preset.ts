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
 * Presets that reproduce a peer library's defaults exactly: `quantus` (Quantus' normalisation,
 * perturbations, similarity functions and AUC conventions) and `captum` (Captum's defaults,
 * scores on the forward output). Kept apart from {@link Preset} so tables keyed by the three
 * OpenXAI presets stay complete; a function that accepts them takes {@link AnyPreset}.
 * @since 0.3.0
 */
export type PeerPreset = 'quantus' | 'captum';

/** The peer presets, in documentation order. @since 0.3.0 */
export const PEER_PRESETS: readonly PeerPreset[] = ['quantus', 'captum'];

/** An OpenXAI preset or a peer preset. @since 0.3.0 */
export type AnyPreset = Preset | PeerPreset;

/** Every preset: the OpenXAI three, then the peers. @since 0.3.0 */
export const ALL_PRESETS: readonly AnyPreset[] = [...PRESETS, ...PEER_PRESETS];

function presetFrom<T extends string>(value: unknown, allowed: readonly T[], fn: string): T {
  if (value === undefined) return 'default' as T;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new XaiError('BAD_OPTION', `expected one of ${allowed.join(', ')}, got ${describeValue(value)}`, { fn, arg: 'preset', value });
}

/**
 * The preset named by `value` (undefined means `'default'`); throws BAD_OPTION naming `fn`
 * otherwise.
 * @example resolvePreset(undefined, 'limeExplainer')  // 'default'
 * @since 0.1.0
 */
export function resolvePreset(value: unknown, fn: string): Preset {
  return presetFrom(value, PRESETS, fn);
}

/**
 * Like {@link resolvePreset}, also accepting the peer presets `quantus` and `captum`.
 * @example resolveAnyPreset('quantus', 'sparseness')  // 'quantus'
 * @since 0.3.0
 */
export function resolveAnyPreset(value: unknown, fn: string): AnyPreset {
  return presetFrom(value, ALL_PRESETS, fn);
}
