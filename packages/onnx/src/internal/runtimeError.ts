// ONNX Runtime failures → typed XaiErrors. ORT reports everything as one error type with a
// message, so the code is read from the message. Load: a missing kernel (an op given a type
// ONNX Runtime does not implement) is NOT_SUPPORTED, anything else PARSE_ERROR. Run:
// shape/dimension/rank complaints are SHAPE_MISMATCH, a missing kernel NOT_SUPPORTED, any
// other failure (e.g. a Gather index out of bounds for these values) BAD_INPUT.
import type { XaiErrorCode } from '@xai/core';
import { XaiError } from '@xai/core';

const SHAPE = /\b(dimensions?|shapes?|rank|broadcast\w*)\b/i;
const UNSUPPORTED = /NOT_IMPLEMENTED|could not find an implementation|not (?:yet )?(?:supported|implemented)|unsupported/i;

/** The XaiError code for an ONNX Runtime message, at load time or while running a batch. */
export function runtimeErrorCode(message: string, phase: 'load' | 'run'): XaiErrorCode {
  if (phase === 'load') return UNSUPPORTED.test(message) ? 'NOT_SUPPORTED' : 'PARSE_ERROR';
  if (SHAPE.test(message)) return 'SHAPE_MISMATCH';
  return UNSUPPORTED.test(message) ? 'NOT_SUPPORTED' : 'BAD_INPUT';
}

export interface RuntimeErrorWhere {
  readonly file: string;
  readonly fn: string;
  /** The batch's shape, when a run failed. */
  readonly rows?: number;
  readonly cols?: number;
}

/** Wraps what ONNX Runtime threw, keeping its message and naming the file. */
export function runtimeError(e: unknown, phase: 'load' | 'run', where: RuntimeErrorWhere): XaiError {
  const original = (e instanceof Error ? e.message : String(e)).trim();
  const code = runtimeErrorCode(original, phase);
  const { file, fn } = where;
  if (phase === 'load')
    return new XaiError(code, `${file}: ONNX Runtime could not load the model: ${original}`, { fn, arg: 'pathOrBytes', file });
  const shape = `${where.rows ?? '?'} x ${where.cols ?? '?'}`;
  const what = code === 'SHAPE_MISMATCH' ? `rejected a ${shape} input` : `failed running a ${shape} input`;
  return new XaiError(code, `${file}: ONNX Runtime ${what}: ${original}`, {
    fn,
    arg: 'x',
    file,
    value: [where.rows, where.cols],
  });
}
