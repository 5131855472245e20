// Node entry (re-exported by @xai/onnx/node): a synchronous ONNX Runtime session.
import { readFileSync } from 'node:fs';
import { XaiError, isXaiError, systemError } from '@xai/core';
import { inlineExternalData } from './externalData.js';
import { assembleModel } from './internal/assemble/assembleModel.js';
import { prepareGraph } from './internal/assemble/prepare.js';
import type { Prepared } from './internal/assemble/prepare.js';
import { parseGraph } from './internal/graph.js';
import { checkLoadOptions } from './internal/loadOptions.js';
import { nodeRunner } from './internal/nodeRunner.js';
import type { Runner } from './internal/runner.js';
import { DT, asBytes } from './internal/proto.js';
import type { OnnxLoadOptions, OnnxModel } from './types.js';

const FN = 'loadOnnxModel';

/**
 * Loads an ONNX model (a file path or its bytes) as a synchronous core `Model`. A graph
 * whose ops are all in the interpreter's op set (dense, LayerNorm/GELU/residual nets,
 * sklearn-onnx linear pipelines, …) runs in pure TS with exact reverse-mode input gradients
 * and no ONNX Runtime at all; any other graph runs on onnxruntime-node's native session (one
 * call per batch, threads pinned) with central finite differences
 * (`gradientSource: 'finite-differences'`, `discovered.finiteDifferencesBecause` naming the
 * node). The input, the output and its kind are discovered from the graph (`model.discovered`
 * says what was found and why; `inputName`/`outputName`/`output` override).
 * Node only: import it from `@xai/onnx/node` (`loadOnnxModelAsync` is the browser entry).
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
      throw systemError(e, { fn: FN, path: pathOrBytes, action: 'read', arg: 'pathOrBytes' });
    }
    // weights saved beside the file are read into it: the interpreter and the session get one model
    bytes = inlineExternalData(bytes, pathOrBytes, FN);
  } else {
    bytes = asBytes(pathOrBytes, FN);
    file = o.name ?? '<bytes>';
  }
  // parse → graph → compiled for the interpreter; a session only when it cannot run the graph.
  const g = parseGraph(bytes, file, FN, o.inputName);
  const p = prepareGraph(g, { ...o, fn: FN });
  const runner = p.needsRuntime ? sessionRunner(bytes, p, o.threads ?? 1) : undefined;
  try {
    return assembleModel({ p, runner }, { ...o, fn: FN });
  } catch (e) {
    runner?.dispose();
    throw e;
  }
}

/** The session a graph the interpreter does not run needs; a missing runtime's error says why it is needed. */
function sessionRunner(bytes: Uint8Array, p: Prepared, threads: number): Runner {
  const { g } = p;
  try {
    return nodeRunner(bytes, { threads, float64: g.input.elemType === DT.DOUBLE, file: g.file, fn: FN, inputName: g.input.name });
  } catch (e) {
    if (!isXaiError(e, 'NOT_SUPPORTED') || e.details.arg !== 'onnxruntime-node' || p.program.runnable) throw e;
    const why = `${g.file}: the interpreter does not run ${p.program.unsupported.map((u) => u.reason).join('; ')}, so this graph needs ONNX Runtime`;
    throw new XaiError('NOT_SUPPORTED', `${why}; ${e.message.replace(/^\[NOT_SUPPORTED\] [^:]*: onnxruntime-node: /, '')}`, {
      ...e.details,
      file: g.file,
    });
  }
}
