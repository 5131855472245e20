// A model below chance, flagged wherever its explanations are made or scored: from what its file
// records (test accuracy and base rate, written by xai train), and from the labels of the rows
// explained when the command has them — computed as xai bench computes it (modelSanity).
import type { Matrix } from '@xai/core';
import type { NeuralModel } from '@xai/models';
import type { CliModel } from '../inputs/loadCliModel.js';
import { modelSanity, sanityWarning } from '../inputs/modelSanity.js';

/** The model's accuracy on the labelled rows of a command, beside the majority-class rate. */
export interface RowsAccuracy {
  readonly rows: number;
  readonly accuracy: number;
  readonly baseRate: number;
}

const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;

/** The warning for a model file whose recorded test accuracy is not above its base rate (null otherwise). */
function recordedWarning(model: NeuralModel | null, file: string): string | null {
  const p = model?.performance;
  if (p === undefined || p.accuracy > p.baseRate + 1e-12) return null;
  return `${file}: the model file records ${p.split} accuracy ${pct(p.accuracy)} on ${p.rows} rows, not above the base rate ${pct(p.baseRate)} (always guessing the commonest label) — its explanations are not worth scoring`;
}

/**
 * What a command says about the model's quality: the warning its file's record calls for, and
 * with labelled rows their accuracy and base rate (and a warning when it is not above it;
 * `classNames`, the label's classes in the order the outputs are read, name a better class order).
 * @since 0.3.0
 */
export function modelChance(
  cli: CliModel,
  file: string,
  labelled: { readonly x: Matrix; readonly y: Int32Array; readonly classes: number } | null,
  classNames?: readonly string[],
): { accuracy?: RowsAccuracy; warnings: string[] } {
  const warnings: string[] = [];
  const recorded = recordedWarning(cli.neural, file);
  if (recorded !== null) warnings.push(recorded);
  if (labelled === null || labelled.y.length === 0) return { warnings };
  const s = modelSanity(cli.model, labelled.x, labelled.y, Math.max(labelled.classes, cli.model.classes));
  const w = sanityWarning(s, `${file} on the labelled rows`, classNames);
  if (w !== null) warnings.push(w);
  return { accuracy: { rows: s.rows, accuracy: s.accuracy, baseRate: s.baseRate }, warnings };
}
