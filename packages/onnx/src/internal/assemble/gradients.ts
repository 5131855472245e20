// Input gradients: the imported MLP's exact backprop, else batched central finite
// differences of the Model's own outputs (through @xai/models' functionModel).
import type { InputGradientOptions, Matrix } from '@xai/core';
import { functionModel } from '@xai/models';
import type { Imported } from '../toNeuralModel.js';
import type { OnnxModel } from '../../types.js';
import type { Assembly } from './assembly.js';
import type { Evaluators } from './evaluators.js';
import { softmaxInto } from './softmaxInto.js';

type InputGradient = OnnxModel['inputGradient'];

export interface Gradients {
  readonly inputGradient: InputGradient;
  readonly gradientSource: OnnxModel['gradientSource'];
}

export interface FiniteDifferenceSettings {
  readonly fdStep: number;
  readonly maxBatchRows: number | undefined;
}

function importedGradient(a: Assembly, imported: Imported, ev: Evaluators): InputGradient {
  const m = imported.model;
  return (x: Matrix, targets: Int32Array | ArrayLike<number>, gOptions: InputGradientOptions = {}): Matrix => {
    ev.checkX(`${a.fn} → inputGradient`, x);
    if (a.kind === 'value') {
      const t = Int32Array.from(targets as ArrayLike<number>, (v) => v + imported.shift);
      return m.inputGradient(x, t, { ...gOptions, output: a.headed ? 'probability' : 'logit' });
    }
    return m.inputGradient(x, targets, gOptions);
  };
}

/**
 * functionModel differentiates logits exactly like probabilities: a value model hands it
 * the values as logits (padded to two columns for a single output), and their softmax.
 */
function valueFunctionModel(a: Assembly, ev: Evaluators, fdOptions: object): { fm: ReturnType<typeof functionModel>; shift: number } {
  const k = a.width;
  const shift = k === 1 ? 1 : 0;
  const c = k + shift;
  const values = (x: Matrix): Matrix => {
    const v = ev.predictProba(x);
    if (shift === 0) return v;
    const p = new Float64Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) p[2 * i + 1] = v.data[i]!;
    return { rows: x.rows, cols: 2, data: p };
  };
  const soft = (x: Matrix): Matrix => {
    const z = values(x);
    const p = new Float64Array(z.rows * c);
    for (let i = 0; i < z.rows; i++) softmaxInto(z.data, i * c, c, p, i * c);
    return { rows: z.rows, cols: c, data: p };
  };
  return { fm: functionModel(soft, { inputDim: a.inputDim, classes: c, logits: values, ...fdOptions }), shift };
}

function finiteDifferenceGradient(a: Assembly, ev: Evaluators, s: FiniteDifferenceSettings): InputGradient {
  const fdOptions = { fdStep: s.fdStep, ...(s.maxBatchRows !== undefined ? { maxBatchRows: s.maxBatchRows } : {}) };
  const { fm, shift } =
    a.kind === 'value'
      ? valueFunctionModel(a, ev, fdOptions)
      : {
          fm: functionModel((x) => ev.predictProba(x), {
            inputDim: a.inputDim,
            classes: a.classes,
            ...(ev.hasLogits ? { logits: (x: Matrix) => ev.logits(x) } : {}),
            ...fdOptions,
          }),
          shift: 0,
        };
  return (x: Matrix, targets: Int32Array | ArrayLike<number>, gOptions: InputGradientOptions = {}): Matrix => {
    ev.checkX(`${a.fn} → inputGradient`, x);
    if (!ev.syncSession && a.evaluate !== 'imported') throw ev.asyncOnly(`${a.fn} → inputGradient`);
    const t = Int32Array.from(targets as ArrayLike<number>, (v) => v + shift);
    return fm.inputGradient(x, t, a.kind === 'value' ? { ...gOptions, output: 'logit' } : gOptions);
  };
}

export function gradients(a: Assembly, ev: Evaluators, s: FiniteDifferenceSettings): Gradients {
  if (a.imported !== undefined) return { gradientSource: 'mlp-import', inputGradient: importedGradient(a, a.imported, ev) };
  return { gradientSource: 'finite-differences', inputGradient: finiteDifferenceGradient(a, ev, s) };
}
