import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { GraphIndex } from './graph.js';
import { indexGraph } from './graph.js';
import { decodeModel } from './proto.js';
import type { OnnxLoadOptions } from '../types.js';
import { LOAD_OPTION_KEYS } from '../types.js';

export function checkLoadOptions(options: OnnxLoadOptions | undefined, fn: string): OnnxLoadOptions {
  const o = checkOptions(options, LOAD_OPTION_KEYS, fn);
  if (o.threads !== undefined && (!Number.isInteger(o.threads) || o.threads < 1))
    throw new XaiError('BAD_OPTION', `threads must be a positive integer, got ${describeValue(o.threads)}`, {
      fn,
      arg: 'threads',
      value: o.threads,
    });
  if (o.fdStep !== undefined && !(typeof o.fdStep === 'number' && o.fdStep > 0 && Number.isFinite(o.fdStep)))
    throw new XaiError('BAD_OPTION', `fdStep must be a positive number, got ${describeValue(o.fdStep)}`, {
      fn,
      arg: 'fdStep',
      value: o.fdStep,
    });
  if (o.gradients !== undefined && !['auto', 'import', 'finite-differences'].includes(o.gradients))
    throw new XaiError('BAD_OPTION', `gradients must be 'auto', 'import' or 'finite-differences', got ${describeValue(o.gradients)}`, {
      fn,
      arg: 'gradients',
      value: o.gradients,
    });
  if (o.evaluate !== undefined && !['session', 'imported'].includes(o.evaluate))
    throw new XaiError('BAD_OPTION', `evaluate must be 'session' or 'imported', got ${describeValue(o.evaluate)}`, {
      fn,
      arg: 'evaluate',
      value: o.evaluate,
    });
  return o;
}

export function asBytes(value: unknown, fn: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  throw new XaiError(
    'BAD_INPUT',
    `expected ONNX bytes (Uint8Array/ArrayBuffer)${fn.includes('Async') ? '' : ' or a file path'}, got ${describeValue(value)}`,
    { fn, arg: 'pathOrBytes', value },
  );
}

export function parseGraph(bytes: Uint8Array, file: string, fn: string, inputName: string | undefined): GraphIndex {
  return indexGraph(decodeModel(bytes, file, fn), file, fn, inputName);
}
