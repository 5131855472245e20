// A graph compiled for the interpreter, as the loader uses it: forward passes that return
// flat outputs (as a runtime session does), and input gradients from seed gradients on a
// computed tensor.
import type { Matrix } from '@xai/core';
import type { GraphIndex } from '../graph.js';
import type { RunOutput } from '../runner.js';
import { runBackward, runForward } from './execute.js';
import type { MatmulKernels } from './kernels.js';
import { matmulKernels } from './kernels.js';
import type { Obstacle, Plan } from './plan.js';
import { compilePlan } from './plan.js';
import type { Data, Precision, Tensor } from './tensor.js';
import { Arena, allocData, inArena } from './tensor.js';

export interface Program {
  readonly plan: Plan;
  /** Every op on the way to the fetched tensors runs here (no ONNX Runtime needed). */
  readonly runnable: boolean;
  /** Runnable, and every differentiable path has its ops' derivatives: gradients are exact. */
  readonly exact: boolean;
  readonly unsupported: readonly Obstacle[];
  readonly noDerivative: readonly Obstacle[];
  readonly precision: Precision;
  readonly kernels: MatmulKernels;
  run(x: Matrix, fetch: readonly string[]): RunOutput[];
  /**
   * d(Σ seed ⊙ T)/dx for the computed tensor T named `seedName`: `seed` receives the forward
   * values of `fetch` and returns the seed gradient (T's shape, row-major).
   */
  gradient(x: Matrix, fetch: readonly string[], seedName: string, seed: (values: RunOutput[]) => ArrayLike<number>): Matrix;
}

export interface ProgramOptions {
  readonly precision: Precision;
  /** Every tensor a later run may fetch or seed. */
  readonly fetch: readonly string[];
  readonly file: string;
  readonly fn: string;
}

/** x (possibly strided) as the graph's input tensor, rounded to its type under float32 arithmetic. */
function inputTensor(plan: Plan, type: number, x: Matrix): Tensor {
  const data = allocData(type, x.rows * x.cols, plan.precision);
  const stride = x.stride ?? x.cols;
  const offset = x.offset ?? 0;
  if (stride === x.cols && offset === 0) data.set(x.data.subarray(0, x.rows * x.cols));
  else for (let i = 0; i < x.rows; i++) data.set(x.data.subarray(offset + i * stride, offset + i * stride + x.cols), i * x.cols);
  return { dims: [x.rows, x.cols], type, data };
}

export function compileProgram(g: GraphIndex, o: ProgramOptions): Program {
  const kernels = matmulKernels();
  const plan = compilePlan(g, { precision: o.precision, kernels, fetch: o.fetch });
  const runnable = plan.unsupported.length === 0;
  const type = g.input.elemType;
  const arena = new Arena();
  /** The fetched values, copied out of the arena. */
  const outputsOf = (values: readonly (Tensor | undefined)[], fetch: readonly string[]): RunOutput[] =>
    fetch.map((name) => {
      const t = values[plan.ids.get(name) ?? -1];
      if (t === undefined) throw new Error(`${o.file}: '${name}' was not computed`);
      return { data: t.data.slice(), dims: t.dims };
    });
  return {
    plan,
    runnable,
    exact: runnable && plan.noDerivative.length === 0,
    unsupported: plan.unsupported,
    noDerivative: plan.noDerivative,
    precision: o.precision,
    kernels,
    run(x, fetch) {
      return inArena(arena, () => outputsOf(runForward(plan, inputTensor(plan, type, x), o.file, o.fn).values, fetch));
    },
    gradient(x, fetch, seedName, seed) {
      return inArena(arena, () => {
        const tape = runForward(plan, inputTensor(plan, type, x), o.file, o.fn, true);
        const id = plan.ids.get(seedName)!;
        const target = tape.values[id]!;
        const s: Data = allocData(target.type, target.data.length, plan.precision);
        s.set(seed(outputsOf(tape.values, fetch)));
        const dx = runBackward(plan, tape, new Map([[id, { dims: target.dims, type: target.type, data: s }]]), o.file, o.fn);
        return { rows: x.rows, cols: x.cols, data: Float64Array.from(dx.data) };
      });
    },
  };
}
