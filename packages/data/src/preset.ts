/**
 * How settings are chosen: `openxai` reproduces the released code, `paper` the paper's
 * stated settings, `default` the paper with the known pitfalls fixed.
 * (Kept here until `@xai/core` exports it.)
 */
export type Preset = 'default' | 'openxai' | 'paper';

/** The three presets. */
export const PRESETS: readonly Preset[] = ['default', 'openxai', 'paper'];
