// Which class a row's attributions explain: the one rule xai explain, xai evaluate, the settings
// table (help and docs) and the bench manifest read. SHAP's convention under the default preset
// (a binary classifier's class 1 on every row, so signs compare across rows); the released
// OpenXAI code's under openxai and paper (each row's predicted label).
import type { Matrix, Model } from '@xai/core';
import { predictLabels } from '@xai/core';
import { protocolPreset } from '../config/presetStages.js';
import type { PresetName } from '../config/ids.js';
import { type ModelClasses, classIndex, classList, className } from './classChoice.js';

/** The `--class` value that asks for each row's predicted class. */
export const PREDICTED_CLASS = 'predicted';

/** The rule in words, per protocol: the help, the docs and the bench manifest quote these. */
export const CLASS_RULE = {
  default:
    "class 1 of a binary classifier on every row (SHAP's convention: signs compare across rows), each row's predicted class of a multi-class one",
  openxai: "each row's predicted class (the released OpenXAI code explains the predicted label)",
  bench:
    "each row's predicted class under every preset (the scored attributions, their controls and the ground truth signed for it; the plots explain class 1 on every row); xai explain and xai evaluate default to class 1 of a binary classifier under the default preset",
  flag: `a class name or index fixes one class on every row; ${PREDICTED_CLASS} explains each row's predicted class`,
} as const;

/** How the explained class was chosen. */
export type ClassChoice =
  | { readonly kind: 'output' }
  | { readonly kind: 'fixed'; readonly index: number; readonly why: 'flag' | 'binary' | 'tree-score' | 'recorded' }
  | { readonly kind: 'predicted'; readonly why: 'flag' | 'multi-class' | 'openxai' | 'recorded' };

/**
 * The class choice for one command: `--class` (a class, or `predicted`) when given; else a model
 * with one output explains it; else under the default preset a binary classifier's class 1 and
 * a multi-class one's predicted class; under openxai and paper each row's predicted class (a
 * binary tree model's raw score is class 1's under every preset). A `--class` value the model
 * lacks is BAD_OPTION listing the classes.
 * @example classChoice({ preset: 'default', model: { classes: 2 } }, 'xai explain') // { kind: 'fixed', index: 1, why: 'binary' }
 * @since 0.3.0
 */
export function classChoice(
  o: { readonly flag?: string | undefined; readonly preset: PresetName; readonly model: ModelClasses; readonly treeScore?: boolean },
  fn: string,
): ClassChoice {
  if (o.flag !== undefined) {
    if (o.flag.trim() === PREDICTED_CLASS && o.model.classes >= 2) return { kind: 'predicted', why: 'flag' };
    return { kind: 'fixed', index: classIndex(o.flag, o.model, fn), why: 'flag' };
  }
  if (o.model.classes < 2) return { kind: 'output' };
  if (o.treeScore === true) return { kind: 'fixed', index: 1, why: 'tree-score' };
  if (protocolPreset(o.preset) !== 'default') return { kind: 'predicted', why: 'openxai' };
  return o.model.classes === 2 ? { kind: 'fixed', index: 1, why: 'binary' } : { kind: 'predicted', why: 'multi-class' };
}

/** The class index a fixed choice explains on every row, else undefined. */
export function fixedIndex(c: ClassChoice): number | undefined {
  return c.kind === 'fixed' ? c.index : undefined;
}

/** Per row, the class explained: the fixed one, else the model's prediction (0 for a model with one output). */
export function choiceTargets(c: ClassChoice, model: Model, x: Matrix): Int32Array {
  if (c.kind === 'fixed') return new Int32Array(x.rows).fill(c.index);
  if (c.kind === 'output') return new Int32Array(x.rows);
  return predictLabels(model, x);
}

const PREDICTED_WHY = {
  flag: `--class ${PREDICTED_CLASS}`,
  openxai: 'the openxai convention',
  'multi-class': 'a multi-class model',
  recorded: 'the attributions file records no fixed class',
} as const;

/** The words the output and the attributions file use: "class 1 (yes) on every row (a binary classifier: SHAP's convention)". */
export function choiceWords(c: ClassChoice, m: ModelClasses): string {
  if (c.kind === 'output') return 'the output';
  if (c.kind === 'predicted') return `each row's predicted class (${PREDICTED_WHY[c.why]})`;
  const every = `${className(c.index, m)} on every row`;
  if (c.why === 'flag') return `${every} (--class)`;
  if (c.why === 'recorded') return `${every} (the attributions file's fixedClass)`;
  return `${every} (${c.why === 'tree-score' ? "a binary tree model's raw score" : "a binary classifier: SHAP's convention"})`;
}

/** What else `--class` offers, printed after a class the user did not choose; empty once chosen. */
export function choiceHint(c: ClassChoice, m: ModelClasses): string {
  if (c.kind === 'output' || c.why === 'flag') return '';
  return `; --class picks one of ${classList(m)} or ${PREDICTED_CLASS}`;
}
