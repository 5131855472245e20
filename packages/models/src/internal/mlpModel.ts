// The one NeuralModel implementation: public methods validate, then call MlpCore.
import type { ModelPerformance } from '../modelPerformance.js';
import type { HiddenOptions, InputGradientOptions, Matrix, ModelOutput, Preprocessing } from '@xai/core';
import { XaiError, assertMatrix, checkOptions, describeValue, rowBlock } from '@xai/core';
import { checkTargets, outputBuffer } from './checks.js';
import type { DenseLayer } from '../denseLayer.js';
import type { ModelKind, NeuralModel } from '../neuralModel.js';
import type { LayerShape } from './mlpCore.js';
import { MlpCore } from './mlpCore.js';
import { Float32Kernel } from './float32Kernel.js';
import type { Precision } from '../neuralModel.js';

/**
 * Rows per forward/backward pass: a larger batch is processed in blocks, so the work
 * buffers stay small (≈ CHUNK · Σ widths doubles) however many rows LIME or the stability
 * metrics send, and stay in cache.
 */
export const CHUNK = 2048;

/** What a model carries beside its weights. */
export interface MlpExtras {
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
  readonly preprocessing?: Preprocessing | undefined;
  readonly performance?: ModelPerformance | undefined;
  /** 'value': identity head (raw outputs, regression). @defaultValue 'probabilities' */
  readonly output?: ModelOutput | undefined;
  /** 'float32': every operation rounded to float32 (torch parity). @defaultValue 'float64' */
  readonly precision?: Precision | undefined;
}

/**
 * Brand of every MlpModel (a registry symbol, so a model built by the CJS build is
 * recognised by the ESM build and vice versa, where `instanceof` would fail).
 */
export const MLP_MODEL_BRAND: unique symbol = Symbol.for('@xai/models.MlpModel');

/** True for an engine-backed model from either build (brand, not `instanceof`). */
export function isMlpModel(value: unknown): value is MlpModel {
  return value !== null && typeof value === 'object' && (value as Record<symbol, unknown>)[MLP_MODEL_BRAND] === true;
}

export class MlpModel implements NeuralModel {
  static {
    // on the prototype, non-enumerable: a spread copy of a model does not carry the brand
    Object.defineProperty(MlpModel.prototype, MLP_MODEL_BRAND, { value: true });
  }
  readonly inputDim: number;
  readonly classes: number;
  readonly layers: readonly DenseLayer[];
  readonly parameters: Float64Array;
  /** @internal the unchecked engine (used by training and lossGradients). */
  readonly core: MlpCore;
  declare readonly hidden?: (x: Matrix, options?: HiddenOptions) => Matrix;
  readonly output: ModelOutput;
  readonly precision: Precision;
  /** @internal the float32 engine, present when precision is 'float32'. */
  readonly f32: Float32Kernel | null;
  declare readonly metadata?: Readonly<Record<string, unknown>>;
  declare readonly preprocessing?: Preprocessing;
  declare readonly performance?: ModelPerformance;

  constructor(
    readonly kind: ModelKind,
    shapes: readonly LayerShape[],
    params: Float64Array,
    extras: MlpExtras = {},
  ) {
    this.output = extras.output ?? 'probabilities';
    this.precision = extras.precision ?? 'float64';
    this.f32 = this.precision === 'float32' ? new Float32Kernel(shapes, params) : null;
    if (extras.metadata !== undefined) this.metadata = extras.metadata;
    if (extras.preprocessing !== undefined) this.preprocessing = extras.preprocessing;
    if (extras.performance !== undefined) this.performance = extras.performance;
    this.core = new MlpCore(shapes, params);
    this.parameters = params;
    this.inputDim = this.core.inputDim;
    this.classes = this.core.classes;
    this.layers = shapes.map((s) => ({
      inputDim: s.inDim,
      outputDim: s.outDim,
      weight: { rows: s.outDim, cols: s.inDim, data: params.subarray(s.wOffset, s.wOffset + s.inDim * s.outDim) },
      bias: params.subarray(s.bOffset, s.bOffset + s.outDim),
      activation: s.activation,
    }));
    // A single-layer model has no hidden layer: leave `hidden` absent so callers can tell.
    if (shapes.length > 1) this.hidden = (x, options) => this.hiddenImpl(x, options);
  }

  /** The extras a copy of this model keeps. */
  extras(): MlpExtras {
    return {
      metadata: this.metadata,
      preprocessing: this.preprocessing,
      performance: this.performance,
      output: this.output,
      precision: this.precision,
    };
  }

  private checkX(fn: string, x: Matrix): void {
    assertMatrix(x, fn, 'x', { cols: this.inputDim });
  }

  predictProba(x: Matrix, out?: Matrix): Matrix {
    // a value (regression) model's outputs are its raw scores
    return this.outputs('predictProba', x, out, this.output === 'value');
  }

  logits(x: Matrix, out?: Matrix): Matrix {
    return this.outputs('logits', x, out, true);
  }

  /** Softmax (or, `raw`, the last layer's scores) of x, CHUNK rows per forward pass. */
  private outputs(fn: string, x: Matrix, out: Matrix | undefined, raw: boolean): Matrix {
    this.checkX(fn, x);
    const o = outputBuffer(fn, 'out', x.rows, this.classes, out);
    const f32 = this.f32;
    for (let s = 0; s < x.rows; s += CHUNK) {
      const e = Math.min(x.rows, s + CHUNK);
      if (f32 !== null) {
        f32.forward(rowBlock(x, s, e));
        f32.outputsInto(e - s, rowBlock(o, s, e), raw);
        continue;
      }
      this.core.forward(rowBlock(x, s, e));
      if (raw) this.core.logitsInto(e - s, rowBlock(o, s, e));
      else this.core.softmaxInto(e - s, rowBlock(o, s, e));
    }
    return o;
  }

  inputGradient(x: Matrix, targets: ArrayLike<number>, options: InputGradientOptions = {}): Matrix {
    const fn = 'inputGradient';
    this.checkX(fn, x);
    checkTargets(fn, targets, x.rows, this.classes);
    checkOptions(options, ['output', 'out'], fn);
    const output = options.output ?? 'probability';
    if (output !== 'probability' && output !== 'logit') {
      throw new XaiError('BAD_OPTION', `output must be 'probability' or 'logit', got ${describeValue(output)}`, {
        fn,
        arg: 'output',
        value: output,
      });
    }
    const o = outputBuffer(fn, 'out', x.rows, this.inputDim, options.out);
    const f32 = this.f32;
    for (let s = 0; s < x.rows; s += CHUNK) {
      const e = Math.min(x.rows, s + CHUNK);
      const xb = rowBlock(x, s, e);
      if (f32 !== null) {
        f32.forward(xb);
        f32.inputGradientInto(e - s, targets, s, output === 'probability' && this.output !== 'value', rowBlock(o, s, e));
        continue;
      }
      this.core.forward(xb);
      // a value model has no softmax: both output spaces are its raw outputs
      this.core.seedTargetGradient(e - s, targets, s, output === 'probability' && this.output !== 'value');
      this.core.backward(xb, null, rowBlock(o, s, e));
    }
    return o;
  }

  private hiddenImpl(x: Matrix, options: HiddenOptions = {}): Matrix {
    const fn = 'hidden';
    this.checkX(fn, x);
    checkOptions(options, ['activation', 'out'], fn);
    const activation = options.activation ?? 'post';
    if (activation !== 'pre' && activation !== 'post') {
      throw new XaiError('BAD_OPTION', `activation must be 'pre' or 'post', got ${describeValue(activation)}`, {
        fn,
        arg: 'activation',
        value: activation,
      });
    }
    const s = this.core.shapes[0]!;
    const o = outputBuffer(fn, 'out', x.rows, s.outDim, options.out);
    const f32 = this.f32;
    if (f32 !== null) {
      // chunked like predictProba: the work buffers stay CHUNK rows, only layer 0 is computed
      for (let r = 0; r < x.rows; r += CHUNK) {
        const e = Math.min(x.rows, r + CHUNK);
        f32.hiddenInto(rowBlock(x, r, e), activation === 'post', rowBlock(o, r, e));
      }
      return o;
    }
    this.core.affine(0, x, o, activation === 'post' ? s.activation : 'none');
    return o;
  }

  /** Frees the reusable buffers (e.g. after one very large batch). */
  release(): void {
    this.core.release();
    this.f32?.release();
  }
}
