import { XaiError, checkOptions } from '@xai/core';
import { parseGraph } from './internal/graph.js';
import { importMlp } from './internal/importMlp.js';
import { compileProgram } from './internal/interp/program.js';
import { asBytes, elemTypeName } from './internal/proto.js';

/** What a graph declares, without running it. @since 0.2.0 */
export interface OnnxSummary {
  readonly input: { readonly name: string; readonly type: string; readonly shape: readonly (number | string | null)[] | null };
  readonly outputs: readonly {
    readonly name: string;
    readonly kind: string;
    readonly type: string | null;
    readonly shape: readonly (number | string | null)[] | null;
  }[];
  readonly ops: readonly string[];
  readonly producer: string;
  /** Per output: the MLP chain recognised, or why not. */
  readonly mlp: Readonly<Record<string, string>>;
  /**
   * Per output: what the interpreter makes of it: 'exact' (runs every op, gradients by reverse
   * mode), 'runs; finite differences: …' (an op without a derivative), or 'ONNX Runtime: …' (an op it does not run).
   * @since 0.3.0
   */
  readonly interpreter: Readonly<Record<string, string>>;
}

/**
 * Parses ONNX bytes (browser-safe, no runtime) and says what the loader will see: the
 * input, the outputs, the ops, and per output whether the interpreter runs it (and
 * differentiates it exactly) and whether it is a dense chain.
 * @example inspectOnnx(bytes).mlp.probabilities // 'Gemm → Relu → Gemm → Softmax'
 * @since 0.2.0
 */
export function inspectOnnx(bytes: Uint8Array | ArrayBuffer, options?: { readonly name?: string }): OnnxSummary {
  const fn = 'inspectOnnx';
  const { name = '<bytes>' } = checkOptions(options, ['name'], fn);
  if (typeof name !== 'string') throw new XaiError('BAD_OPTION', 'name must be a string', { fn, arg: 'name', value: name });
  const g = parseGraph(asBytes(bytes, fn), name, fn, undefined);
  const shape = (s: readonly (number | string | undefined)[] | undefined): (number | string | null)[] | null =>
    s === undefined ? null : s.map((d) => d ?? null);
  const mlp: Record<string, string> = {};
  const interpreter: Record<string, string> = {};
  for (const out of g.outputs) {
    const r = importMlp(g, out.name);
    mlp[out.name] = r.ok ? `${r.mlp.ops.join(' → ')}` : `not an MLP: ${r.reason}`;
    const p = compileProgram(g, { precision: 'float64', fetch: [out.name], file: name, fn });
    interpreter[out.name] = p.exact
      ? 'exact'
      : p.runnable
        ? `runs; finite differences: ${p.noDerivative.map((o) => o.reason).join('; ')}`
        : `ONNX Runtime: ${p.unsupported.map((o) => o.reason).join('; ')}`;
  }
  return {
    input: { name: g.input.name, type: elemTypeName(g.input.elemType), shape: shape(g.input.shape) },
    outputs: g.outputs.map((v) => ({
      name: v.name,
      kind: v.kind,
      type: v.kind === 'tensor' ? elemTypeName(v.elemType) : null,
      shape: shape(v.shape),
    })),
    ops: [
      ...new Set(
        (g.graph.node ?? []).map(
          (n) => `${n.domain !== undefined && n.domain !== null && n.domain !== '' ? `${n.domain}.` : ''}${n.opType ?? '?'}`,
        ),
      ),
    ],
    producer: g.producerName,
    mlp,
    interpreter,
  };
}
