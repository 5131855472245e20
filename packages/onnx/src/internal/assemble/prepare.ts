// The first assembly step, before any runtime exists: the output to read, its head, the
// graph compiled for the interpreter, the dense chain (for `hidden` and linear ground truth),
// and whether ONNX Runtime is needed at all.
import { XaiError } from '@xai/core';
import type { GraphIndex } from '../graph.js';
import type { ImportResult } from '../importMlp.js';
import { importMlp } from '../importMlp.js';
import type { Program } from '../interp/program.js';
import { compileProgram } from '../interp/program.js';
import type { AssembleOptions } from '../loadOptions.js';
import type { ValueInfo } from '../proto.js';
import type { OnnxEvaluate } from '../../types.js';
import { chooseOutput } from './chooseOutput.js';
import type { Head } from './head.js';
import { findHead } from './head.js';

export interface Prepared {
  readonly g: GraphIndex;
  readonly info: ValueInfo;
  readonly outputRule: string;
  readonly head: Head;
  readonly program: Program;
  readonly chain: ImportResult;
  readonly evaluate: OnnxEvaluate;
  /** The forward (and finite differences) need an ONNX Runtime session. */
  readonly needsRuntime: boolean;
}

export function prepareGraph(g: GraphIndex, o: AssembleOptions): Prepared {
  const { info, rule: outputRule } = chooseOutput(g, o);
  const head = findHead(g, info.name);
  const program = compileProgram(g, {
    precision: o.precision ?? 'float64',
    fetch: head.logits === undefined ? [info.name] : [info.name, head.logits],
    file: g.file,
    fn: o.fn,
  });
  const chain = importMlp(g, info.name);
  const evaluate = o.evaluate ?? (program.runnable ? 'pure' : 'session');
  if (evaluate === 'pure' && !program.runnable)
    throw new XaiError(
      'NOT_SUPPORTED',
      `${g.file}: evaluate 'pure' was asked for, but the interpreter does not run ${program.unsupported.map((u) => u.reason).join('; ')}`,
      { fn: o.fn, arg: 'evaluate', file: g.file },
    );
  if (info.kind !== 'tensor' && evaluate === 'session')
    throw new XaiError(
      'NOT_SUPPORTED',
      `${g.file}: output '${info.name}' is a ${info.kind}, not a tensor, and the interpreter cannot compute it (${program.unsupported.map((u) => u.reason).join('; ') || "evaluate 'session' was asked for"}); ${outputRule}`,
      { fn: o.fn, arg: 'outputName', file: g.file, value: info.name },
    );
  return { g, info, outputRule, head, program, chain, evaluate, needsRuntime: evaluate === 'session' };
}
