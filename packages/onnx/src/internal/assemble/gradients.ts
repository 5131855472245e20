// Input gradients: reverse-mode differentiation of the graph by the interpreter (exact), else
// central finite differences of the Model's own outputs (through @xai/models' functionModel),
// with per-column steps once training rows are known and a two-step reliability check.
import type { InputGradientOptions, Matrix, OutputSpace } from '@xai/core';
import { XaiError, checkOptions } from '@xai/core';
import type { FiniteDifferenceCheck, FunctionModel } from '@xai/models';
import { finiteDifferenceScale, functionModel } from '@xai/models';
import { checkTargets, outBuffer } from '../matrixChecks.js';
import type { OnnxFiniteDifferences, OnnxModel } from '../../types.js';
import type { Assembly } from './assembly.js';
import type { Evaluators } from './evaluators.js';
import { seeding } from './seeds.js';

type InputGradient = OnnxModel['inputGradient'];

export interface Gradients {
  readonly inputGradient: InputGradient;
  readonly gradientSource: OnnxModel['gradientSource'];
  readonly finiteDifferences?: OnnxFiniteDifferences;
}

export interface FiniteDifferenceSettings {
  readonly fdStep: number;
  readonly maxBatchRows: number | undefined;
}

/** Targets in the graph's column order. */
function graphTargets(a: Assembly, targets: ArrayLike<number>): Int32Array {
  const t = Int32Array.from(targets);
  if (a.order !== undefined && a.width > 1) for (let i = 0; i < t.length; i++) t[i] = a.order[t[i]!]!;
  return t;
}

function autodiffGradient(a: Assembly, ev: Evaluators): InputGradient {
  return (x: Matrix, targets: ArrayLike<number>, gOptions: InputGradientOptions = {}): Matrix => {
    const name = `${a.fn} → inputGradient`;
    ev.checkX(name, x);
    const { output = 'probability', out } = checkOptions(gOptions, ['output', 'out'], name);
    checkTargets(name, targets, x.rows, a.classes);
    const s = seeding(a, output);
    if (s === undefined)
      throw new XaiError(
        'NOT_SUPPORTED',
        `${a.file}: logit gradients need the logits, and the graph's head (${a.head.op ?? a.head.kind}) computes them inside one op`,
        {
          fn: name,
          arg: 'output',
          value: output,
        },
      );
    const t = graphTargets(a, targets);
    const g =
      x.rows === 0 ? { rows: 0, cols: x.cols, data: new Float64Array(0) } : a.program.gradient(x, s.fetch, s.tensor, (v) => s.seed(v, t));
    if (out === undefined) return g;
    const dst = outBuffer(name, x.rows, x.cols, out);
    const os = dst.stride ?? dst.cols;
    const oo = dst.offset ?? 0;
    for (let i = 0; i < x.rows; i++) dst.data.set(g.data.subarray(i * x.cols, (i + 1) * x.cols), oo + i * os);
    return dst;
  };
}

/** The functionModel whose finite differences stand in for the graph's derivative. */
function differencer(a: Assembly, ev: Evaluators, s: FiniteDifferenceSettings, scale: number | Float64Array): FunctionModel {
  const common = {
    inputDim: a.inputDim,
    fdStep: s.fdStep,
    fdScale: scale,
    ...(s.maxBatchRows !== undefined ? { maxBatchRows: s.maxBatchRows } : {}),
  };
  if (a.kind === 'value') return functionModel((x) => ev.predictProba(x), { ...common, classes: a.classes, output: 'value' });
  const logits = ev.logits;
  return functionModel((x) => ev.predictProba(x), {
    ...common,
    classes: a.classes,
    ...(logits !== undefined ? { logits: (x: Matrix) => logits(x) } : {}),
  });
}

function finiteDifferenceGradients(a: Assembly, ev: Evaluators, s: FiniteDifferenceSettings): Gradients {
  let columnScale: Float64Array | null = null;
  let fm = differencer(a, ev, s, 1);
  const ready = (name: string): void => {
    if (!ev.sync) throw ev.asyncOnly(name);
  };
  const finiteDifferences: OnnxFiniteDifferences = {
    step: s.fdStep,
    get columnScale() {
      return columnScale;
    },
    fitSteps(train: Matrix): Float64Array {
      const scale = finiteDifferenceScale(train);
      if (scale.length !== a.inputDim)
        throw new XaiError('SHAPE_MISMATCH', `${a.file} takes ${a.inputDim} features, got training rows with ${scale.length}`, {
          fn: `${a.fn} → finiteDifferences.fitSteps`,
          arg: 'train',
          value: scale.length,
        });
      columnScale = scale;
      fm = differencer(a, ev, s, scale);
      return scale;
    },
    check(x: Matrix, targets: ArrayLike<number>, options: { readonly output?: OutputSpace } = {}): FiniteDifferenceCheck {
      ready(`${a.fn} → finiteDifferences.check`);
      return fm.checkFiniteDifferences!(x, targets, options);
    },
  };
  const inputGradient: InputGradient = (x, targets, gOptions = {}) => {
    const name = `${a.fn} → inputGradient`;
    ev.checkX(name, x);
    ready(name);
    const t = Int32Array.from(targets);
    return fm.inputGradient(x, t, a.kind === 'value' ? { ...gOptions, output: 'logit' } : gOptions);
  };
  return { gradientSource: 'finite-differences', inputGradient, finiteDifferences };
}

export function gradients(a: Assembly, ev: Evaluators, s: FiniteDifferenceSettings, useAutodiff: boolean): Gradients {
  if (useAutodiff) return { gradientSource: 'autodiff', inputGradient: autodiffGradient(a, ev) };
  return finiteDifferenceGradients(a, ev, s);
}
