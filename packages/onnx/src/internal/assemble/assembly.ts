// What the assembly steps have settled about a loaded graph, read by the evaluators, the
// gradients and the discovery record.
import type { Program } from '../interp/program.js';
import type { Runner } from '../runner.js';
import type { OnnxEvaluate, OnnxOutputKind } from '../../types.js';
import type { Head } from './head.js';

export interface Assembly {
  /** The model's name in messages (the file, or the name given for bytes). */
  readonly file: string;
  /** The loader, prefixed to method names in errors. */
  readonly fn: string;
  readonly outputName: string;
  readonly inputDim: number;
  /** Columns of the chosen output. */
  readonly width: number;
  readonly kind: OnnxOutputKind;
  /** Columns of predictProba. */
  readonly classes: number;
  readonly head: Head;
  readonly program: Program;
  readonly runner: Runner | undefined;
  readonly backendName: string;
  /** Who computes the forward pass. */
  readonly evaluate: OnnxEvaluate;
  /** For each Model class, the output column holding it (classes matched by name); undefined: the same order. */
  readonly order: Int32Array | undefined;
}
