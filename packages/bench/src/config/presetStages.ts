// What each stage of a run follows under a `--preset`: OpenXAI's protocol presets set every
// stage; a peer preset (quantus, captum) sets the explainers and the extended metrics only.
import { resolveExplainerPreset } from '@xai/explainers';
import type { PeerPresetName, PresetName, ProtocolPreset } from './ids.js';
import { PEER_PRESETS } from './ids.js';

/** The preset each stage of a run is given. @since 0.3.0 */
export interface PresetStages {
  readonly preset: PresetName;
  /** Datasets (scaling, splits, SynthGauss variant). */
  readonly data: ProtocolPreset;
  /** Training settings of the built-in models (and their cache). */
  readonly models: ProtocolPreset;
  /** Noise units and OpenXAI's eleven metrics (PRA … ROS). */
  readonly openxaiMetrics: ProtocolPreset;
  /** The row of @xai/explainers' defaults tables the explainers use (quantus runs Captum's row). */
  readonly explainers: string;
  /** The `preset` every extended metric is given. */
  readonly extendedMetrics: PeerPresetName | 'default';
  /** The output the model-querying extended metrics score, as @xai/metrics resolves it for that preset. */
  readonly scoredOutput: string;
}

/** True for quantus and captum. @since 0.3.0 */
export function isPeerPreset(preset: PresetName): preset is PeerPresetName {
  return (PEER_PRESETS as readonly string[]).includes(preset);
}

/** The protocol preset data, models, noise units and OpenXAI's metrics run under: `default` for a peer preset. @since 0.3.0 */
export function protocolPreset(preset: PresetName): ProtocolPreset {
  return isPeerPreset(preset) ? 'default' : preset;
}

const SCORED_OUTPUT: Record<PresetName, string> = {
  default: 'the explained class probability (a value model: its value)',
  openxai: 'the explained class probability (a value model: its value)',
  paper: 'the explained class probability (a value model: its value)',
  quantus: "per metric, Quantus' softmax default: logits where it is false and the model has model.logits, else probabilities",
  captum: "logits (output 'logit') wherever the model has model.logits; a value model: its value; else probabilities",
};

/** The preset each stage is given, for the manifest and the report. @since 0.3.0 */
export function presetStages(preset: PresetName): PresetStages {
  const base = protocolPreset(preset);
  return {
    preset,
    data: base,
    models: base,
    openxaiMetrics: base,
    explainers: resolveExplainerPreset(preset, 'presetStages').row,
    extendedMetrics: extendedPresetOption(preset).preset ?? 'default',
    scoredOutput: SCORED_OUTPUT[preset],
  };
}

/**
 * One line for a report's preset: the name alone for a protocol preset; for a peer preset, what
 * each stage follows.
 * @example presetLine('quantus')  // "quantus (data, models and OpenXAI's eleven metrics: default; explainers: captum row; extended metrics: quantus)"
 * @since 0.3.0
 */
export function presetLine(preset: PresetName): string {
  if (!isPeerPreset(preset)) return preset;
  const s = presetStages(preset);
  return `${preset} (data, models and OpenXAI's eleven metrics: ${s.data}; explainers: ${s.explainers} row; extended metrics: ${s.extendedMetrics})`;
}

/**
 * The `preset` option an extended metric is given: the peer preset under quantus or captum;
 * none under OpenXAI's presets (those metrics are not OpenXAI's, so they keep their defaults).
 * @since 0.3.0
 */
export function extendedPresetOption(preset: PresetName): { readonly preset?: PeerPresetName } {
  return isPeerPreset(preset) ? { preset } : {};
}
