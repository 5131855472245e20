// Node entry (re-exported by @xai/onnx/node): a synchronous ONNX Runtime session.
import { readFileSync } from 'node:fs';
import { XaiError } from '@xai/core';
import { assembleModel } from './internal/assemble/assembleModel.js';
import { parseGraph } from './internal/graph.js';
import { checkLoadOptions } from './internal/loadOptions.js';
import { nodeRunner } from './internal/nodeRunner.js';
import { DT, asBytes } from './internal/proto.js';
import type { OnnxLoadOptions, OnnxModel } from './types.js';

const FN = 'loadOnnxModel';

/**
 * Loads an ONNX model (a file path or its bytes) as a synchronous core `Model`, run by
 * onnxruntime-node's native session (one session call per batch, threads pinned). The
 * input, the probability output and its kind are discovered from the graph
 * (`model.discovered` says what was found and why; `inputName`/`outputName`/`output`
 * override). An MLP graph (Gemm/MatMul/Relu/Tanh/Sigmoid/Softmax, sklearn-onnx's
 * Scaler/LinearClassifier/Normalizer/ZipMap, constant Add/Sub/Mul/Div and BatchNormalization
 * folded into the layers, a Concat [1 − p, p] head) is imported into an @xai/models MLP for
 * exact gradients; any other graph gets batched central finite differences
 * (`gradientSource: 'finite-differences'`, `discovered.notImportedBecause` naming the node).
 * Node only: import it from `@xai/onnx/node`.
 * @example
 *   const model = loadOnnxModel('model.onnx');
 *   model.discovered.output; // 'probabilities'
 *   const g = model.inputGradient(x, predictLabels(model, x));
 * @since 0.2.0
 */
export function loadOnnxModel(pathOrBytes: string | Uint8Array | ArrayBuffer, options?: OnnxLoadOptions): OnnxModel {
  const o = checkLoadOptions(options, FN);
  let bytes: Uint8Array;
  let file: string;
  if (typeof pathOrBytes === 'string') {
    file = pathOrBytes;
    try {
      bytes = readFileSync(pathOrBytes);
    } catch (e) {
      const code = (e as { code?: string }).code === 'ENOENT' ? 'NOT_FOUND' : 'IO_ERROR';
      throw new XaiError(code, `cannot read ${pathOrBytes}: ${(e as Error).message}`, { fn: FN, arg: 'pathOrBytes', file: pathOrBytes });
    }
  } else {
    bytes = asBytes(pathOrBytes, FN);
    file = o.name ?? '<bytes>';
  }
  // parse → graph, then the session (the fallback evaluator), then the assembly.
  const g = parseGraph(bytes, file, FN, o.inputName);
  const runner = nodeRunner(bytes, {
    threads: o.threads ?? 1,
    float64: g.input.elemType === DT.DOUBLE,
    file,
    fn: FN,
    inputName: g.input.name,
  });
  try {
    return assembleModel({ g, runner, backendName: runner.name }, { ...o, fn: FN });
  } catch (e) {
    runner.dispose();
    throw e;
  }
}
