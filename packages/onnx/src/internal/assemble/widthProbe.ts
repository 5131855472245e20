// An asynchronous loader cannot probe a session synchronously while assembling: when the
// session computes the output, it probes it first with one zero row.
import type { OnnxLoadOptions } from '../../types.js';
import type { Prepared } from './prepare.js';

/** Which output an async loader should probe with one zero row (undefined: nothing to probe). */
export function chooseWidthProbe(p: Prepared, o: OnnxLoadOptions): { output: string; inputDim: number } | undefined {
  if (!p.needsRuntime || p.info.kind !== 'tensor') return undefined;
  const declared = p.g.input.shape?.[1];
  let d = typeof declared === 'number' ? declared : o.inputDim;
  if (d === undefined && p.chain.ok) d = p.chain.mlp.layers[0]!.inDim;
  return d === undefined ? undefined : { output: p.info.name, inputDim: d };
}
