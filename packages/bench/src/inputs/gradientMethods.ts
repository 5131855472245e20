// Gradient methods on an ONNX model: refused when input columns lose their derivative (an
// embedding index, a threshold), and when the gradients are finite differences whose own error
// estimate is above 1 % of the largest gradient (unless the user insists). One place, read by
// explain, evaluate and bench.
import type { Matrix, Model } from '@xai/core';
import { XaiError, predictLabels, rowBlock } from '@xai/core';
import type { FiniteDifferenceCheck } from '@xai/models';
import type { OnnxModel } from '@xai/onnx';
import { predictionMethods, readsGradients } from './methodNeeds.js';

/** Finite-difference gradients whose error estimate exceeds this share of the largest gradient are refused. @since 0.3.0 */
export const UNRELIABLE_GRADIENTS = 0.01;

/** The `gradients` note of a graph the interpreter differentiates: one wording in every output. @since 0.3.0 */
export const EXACT_GRADIENTS = 'exact: reverse-mode autodiff of the graph';

/** Rows the reliability check runs on (the first of the explained ones). */
const CHECK_ROWS = 64;

/** What gradient methods get from a model, for the output's `gradients` field. @since 0.3.0 */
export interface GradientVerdict {
  /** 'exact: …' or 'approximate: …, estimated error …'. */
  readonly note: string;
  /** The finite-difference check, when the gradients are finite differences. */
  readonly check?: FiniteDifferenceCheck;
}

type Interpreted = Pick<OnnxModel, 'nonDifferentiableInputs' | 'finiteDifferences' | 'discovered' | 'gradientSource'>;

/** The ONNX facts of a model loaded by @xai/onnx, or undefined for any other model. */
function interpreted(model: Model): Interpreted | undefined {
  return 'nonDifferentiableInputs' in model && 'discovered' in model ? (model as unknown as Interpreted) : undefined;
}

/**
 * Finite-difference steps from training rows (each column's spread), or from the rows
 * themselves when no training rows are known; a no-op for exact gradients.
 * @since 0.3.0
 */
export function fitFiniteDifferences(model: Model, train: Matrix | undefined, x: Matrix): void {
  const rows = train ?? (x.rows > 1 ? x : undefined);
  if (rows !== undefined) interpreted(model)?.finiteDifferences?.fitSteps(rows);
}

const pct = (v: number): string => `${(100 * v).toPrecision(2)} %`;

export interface GradientGateOptions {
  /** The rows to explain (the check runs on the first 64) and the columns' names. */
  readonly x: Matrix;
  readonly names: readonly string[];
  /** `--allow-approximate`: use unreliable finite differences anyway. */
  readonly allowApproximate?: boolean;
  /** The model file, the command and the flag, for messages. */
  readonly file: string;
  readonly fn: string;
  readonly arg: string;
}

/**
 * The verdict on gradient methods for this model: undefined when none of `methods` reads
 * gradients or the model is no ONNX graph; NOT_SUPPORTED naming the columns that lose their
 * derivative, or naming the error estimate of unreliable finite differences (unless
 * `allowApproximate`), with the methods to use instead.
 * @example gradientVerdict(model, ['ig'], { x, names, file: 'm.onnx', fn: 'xai explain', arg: '--method' })
 * @since 0.3.0
 */
export function gradientVerdict(model: Model, methods: readonly string[], o: GradientGateOptions): GradientVerdict | undefined {
  const facts = interpreted(model);
  const readers = methods.filter(readsGradients);
  if (facts === undefined || readers.length === 0) return undefined;
  const which = readers.join(', ');
  const cut = facts.nonDifferentiableInputs;
  if (cut.length > 0)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${which} read${readers.length === 1 ? 's' : ''} input gradients, and ${o.file} has columns whose derivative is lost: ${cut.map((c) => `'${o.names[c.column] ?? `column ${c.column}`}' (${c.reason})`).join('; ')}; their gradient is 0 wherever it is defined: use ${predictionMethods()}`,
      { fn: o.fn, arg: o.arg, file: o.file, value: cut.map((c) => o.names[c.column] ?? c.column) },
    );
  if (facts.gradientSource !== 'finite-differences' || facts.finiteDifferences === undefined) return { note: EXACT_GRADIENTS };
  const x = rowBlock(o.x, 0, Math.min(CHECK_ROWS, o.x.rows));
  const check = facts.finiteDifferences.check(x, predictLabels(model, x));
  const why = facts.discovered.finiteDifferencesBecause ?? '';
  const estimate = `their error estimate (steps h and 2h disagree by ${check.maxError.toPrecision(2)}) is ${pct(check.relative)} of the largest gradient`;
  // Past the threshold the two steps straddle a jump or a kink: their disagreement is no bound
  // (a torch fmod layer: estimate 50 %, actual error 25x the largest gradient), so it is not called one.
  const trusted = check.relative <= UNRELIABLE_GRADIENTS;
  if (!trusted && o.allowApproximate !== true)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${which} read${readers.length === 1 ? 's' : ''} input gradients, and ${o.file}'s are central finite differences (${why}); ${estimate}, above ${pct(UNRELIABLE_GRADIENTS)}: use ${predictionMethods()}, or give --allow-approximate to use them anyway`,
      { fn: o.fn, arg: o.arg, file: o.file, value: check.relative },
    );
  return {
    note: trusted
      ? `approximate: central finite differences (${why}); estimated error ${pct(check.relative)} of the largest gradient`
      : `approximate and UNRELIABLE: central finite differences (${why}); steps h and 2h disagree by ${pct(check.relative)} of the largest gradient, over the ${pct(UNRELIABLE_GRADIENTS)} below which that is an error estimate (a jump or kink lies between the steps: the error may be far larger); used because of --allow-approximate`,
    check,
  };
}
