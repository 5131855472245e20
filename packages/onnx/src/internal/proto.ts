// The parse step: ONNX protobuf decoding/encoding through onnx-proto (protobufjs static code,
// browser-safe), plus the tensor, attribute and value-info readers the later steps use.
// Errors name the file.
import { XaiError, describeValue } from '@xai/core';
import onnxProto from 'onnx-proto';

export const onnx = onnxProto.onnx;
export type ModelProto = onnxProto.onnx.ModelProto;
export type GraphProto = onnxProto.onnx.IGraphProto;
export type NodeProto = onnxProto.onnx.INodeProto;
export type TensorProto = onnxProto.onnx.ITensorProto;
export type ValueInfoProto = onnxProto.onnx.IValueInfoProto;

/** ONNX TensorProto.DataType codes used here. */
export const DT = { FLOAT: 1, INT64: 7, DOUBLE: 11 } as const;

/** The model bytes a loader was given, as a Uint8Array (a view, never a copy). */
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

/** Decodes ONNX bytes; a corrupt/truncated file is PARSE_ERROR naming the file. */
export function decodeModel(bytes: Uint8Array, file: string, fn: string): ModelProto {
  let model: ModelProto;
  try {
    model = onnx.ModelProto.decode(bytes);
  } catch (e) {
    throw new XaiError(
      'PARSE_ERROR',
      `${file} is not a valid ONNX model (protobuf decoding failed: ${(e as Error).message}); is the file truncated or not an .onnx file?`,
      { fn, arg: 'pathOrBytes', file, value: bytes.byteLength },
    );
  }
  if (model.graph === null || model.graph === undefined || (model.graph.node ?? []).length === 0) {
    throw new XaiError(
      'PARSE_ERROR',
      `${file} decodes but holds no graph nodes (${bytes.byteLength} bytes); is the file truncated or not an .onnx file?`,
      { fn, arg: 'pathOrBytes', file, value: bytes.byteLength },
    );
  }
  return model;
}

export function encodeModel(model: onnxProto.onnx.IModelProto): Uint8Array {
  return onnx.ModelProto.encode(onnx.ModelProto.create(model)).finish();
}

function toNumber(v: number | { toNumber(): number }): number {
  return typeof v === 'number' ? v : v.toNumber();
}

/** Dims of a tensor as plain numbers. */
export function tensorDims(t: TensorProto): number[] {
  return (t.dims ?? []).map((d) => toNumber(d as number | { toNumber(): number }));
}

/** A float/double tensor's values as Float64Array, or undefined for other types / external data. */
export function tensorValues(t: TensorProto): Float64Array | undefined {
  if ((t.externalData ?? []).length > 0) return undefined;
  const raw = t.rawData;
  if (t.dataType === DT.FLOAT) {
    if (raw !== null && raw !== undefined && raw.byteLength > 0) {
      const copy = new Uint8Array(raw); // aligned copy (Buffer.slice would be a view)
      return Float64Array.from(new Float32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4));
    }
    return Float64Array.from(t.floatData ?? []);
  }
  if (t.dataType === DT.DOUBLE) {
    if (raw !== null && raw !== undefined && raw.byteLength > 0) {
      const copy = new Uint8Array(raw);
      return new Float64Array(copy.buffer, copy.byteOffset, copy.byteLength / 8);
    }
    return Float64Array.from(t.doubleData ?? []);
  }
  if (t.dataType === DT.INT64) {
    if (raw !== null && raw !== undefined && raw.byteLength > 0) {
      const copy = new Uint8Array(raw);
      return Float64Array.from(new BigInt64Array(copy.buffer, copy.byteOffset, copy.byteLength / 8), (b) => Number(b));
    }
    return Float64Array.from((t.int64Data ?? []).map((v) => toNumber(v as number | { toNumber(): number })));
  }
  return undefined;
}

/** A node attribute by name (undefined when absent). */
export function attribute(node: NodeProto, name: string): onnxProto.onnx.IAttributeProto | undefined {
  return (node.attribute ?? []).find((a) => a.name === name);
}

export function attrInt(node: NodeProto, name: string, fallback: number): number {
  const a = attribute(node, name);
  if (a === undefined || a.i === null || a.i === undefined) return fallback;
  return toNumber(a.i as number | { toNumber(): number });
}

export function attrFloat(node: NodeProto, name: string, fallback: number): number {
  const a = attribute(node, name);
  return a === undefined || a.f === null || a.f === undefined ? fallback : a.f;
}

export function attrString(node: NodeProto, name: string): string | undefined {
  const a = attribute(node, name);
  if (a === undefined || a.s === null || a.s === undefined) return undefined;
  return new TextDecoder().decode(a.s);
}

export function attrFloats(node: NodeProto, name: string): number[] | undefined {
  const a = attribute(node, name);
  return a?.floats === null || a?.floats === undefined || a.floats.length === 0 ? undefined : a.floats;
}

export function attrInts(node: NodeProto, name: string): number[] | undefined {
  const a = attribute(node, name);
  return a?.ints === null || a?.ints === undefined || a.ints.length === 0
    ? undefined
    : a.ints.map((v) => toNumber(v as number | { toNumber(): number }));
}

/** One dimension of a value's declared shape: a number, a symbolic name, or undefined (unknown). */
export type Dim = number | string | undefined;

export interface ValueInfo {
  readonly name: string;
  /** 'tensor', or the kind of a non-tensor value (sklearn-onnx's ZipMap gives 'sequence'). */
  readonly kind: 'tensor' | 'sequence' | 'map' | 'other';
  /** Element type code (tensors only). */
  readonly elemType: number;
  readonly shape: readonly Dim[] | undefined;
}

export function valueInfo(v: ValueInfoProto): ValueInfo {
  const name = v.name ?? '';
  const t = v.type;
  if (t?.tensorType !== null && t?.tensorType !== undefined) {
    const dims = t.tensorType.shape?.dim;
    const shape =
      dims === null || dims === undefined
        ? undefined
        : dims.map((d): Dim => {
            if (d.dimParam !== null && d.dimParam !== undefined && d.dimParam !== '') return d.dimParam;
            if (d.dimValue !== null && d.dimValue !== undefined) return toNumber(d.dimValue as number | { toNumber(): number });
            return undefined;
          });
    return { name, kind: 'tensor', elemType: t.tensorType.elemType ?? 0, shape };
  }
  if (t?.sequenceType !== null && t?.sequenceType !== undefined) return { name, kind: 'sequence', elemType: 0, shape: undefined };
  if (t?.mapType !== null && t?.mapType !== undefined) return { name, kind: 'map', elemType: 0, shape: undefined };
  return { name, kind: 'other', elemType: 0, shape: undefined };
}

export function elemTypeName(code: number): string {
  const names: Record<number, string> = {
    1: 'float32',
    2: 'uint8',
    3: 'int8',
    5: 'int16',
    6: 'int32',
    7: 'int64',
    8: 'string',
    9: 'bool',
    10: 'float16',
    11: 'float64',
  };
  return names[code] ?? `type ${code}`;
}
