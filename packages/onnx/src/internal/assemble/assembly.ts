// What the assembly steps have settled about a loaded graph, read by the evaluators, the
// gradients and the discovery record.
import type { Imported } from '../toNeuralModel.js';
import type { Runner } from '../runner.js';
import type { OnnxOutputKind } from '../../types.js';

export type Evaluate = 'session' | 'imported';

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
  readonly runner: Runner | undefined;
  readonly backendName: string;
  /** The imported MLP as a NeuralModel, when the graph imported and @xai/models took it. */
  readonly imported: Imported | undefined;
  /** The imported graph ends in a softmax/sigmoid head (a value model's values are its outputs). */
  readonly headed: boolean;
  /** Why there is no imported model. */
  readonly importReason: string | undefined;
  /** Who computes predictProba. */
  readonly evaluate: Evaluate;
}
