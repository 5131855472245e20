/**
 * How paper/code disagreements are settled (recorded in every report):
 * `openxai` reproduces the released code, `paper` the paper's stated settings, `default`
 * paper semantics with the released code's known flaws fixed.
 */
export type Preset = 'default' | 'openxai' | 'paper';

/** All presets, in documentation order. */
export const PRESETS: readonly Preset[] = ['default', 'openxai', 'paper'];
