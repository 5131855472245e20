import { XaiError, describeValue } from '@xai/core';
import type { GraphIndex } from './graph.js';
import { indexGraph } from './graph.js';
import { decodeModel } from './proto.js';

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
