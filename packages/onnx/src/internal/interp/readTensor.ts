// A TensorProto (initializer or Constant value) as an interpreter tensor, in every element
// type exporters write: float32/64, float16 and bfloat16 (raw bits or int32_data), the
// integer types, bool and string.
import type { TensorProto } from '../proto.js';
import { tensorDims } from '../proto.js';
import { OpError } from './op.js';
import type { Precision, Tensor } from './tensor.js';
import { ELEM, bfloatToNumber, fromValues, halfToNumber } from './tensor.js';

const BFLOAT16 = 16;

/** The raw bytes as an aligned typed array of `Type`. */
function rawAs<T>(raw: Uint8Array, Type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }): T {
  const copy = new Uint8Array(raw); // aligned (a Buffer slice may not be)
  return new Type(copy.buffer, 0, copy.byteLength / Type.BYTES_PER_ELEMENT);
}

const toNumber = (v: number | { toNumber(): number }): number => (typeof v === 'number' ? v : v.toNumber());

/** The element values as numbers (strings: their indices). */
function values(t: TensorProto, type: number): { values: ArrayLike<number>; strings?: string[] } {
  const raw = t.rawData !== null && t.rawData !== undefined && t.rawData.byteLength > 0 ? t.rawData : undefined;
  switch (type) {
    case ELEM.FLOAT:
      return { values: raw ? rawAs(raw, Float32Array) : (t.floatData ?? []) };
    case ELEM.DOUBLE:
      return { values: raw ? rawAs(raw, Float64Array) : (t.doubleData ?? []) };
    case ELEM.FLOAT16:
    case BFLOAT16: {
      const bits = raw ? Array.from(rawAs(raw, Uint16Array)) : (t.int32Data ?? []);
      const conv = type === ELEM.FLOAT16 ? halfToNumber : bfloatToNumber;
      return { values: Array.from(bits, (b) => conv(b)) };
    }
    case ELEM.INT64:
      return { values: raw ? Array.from(rawAs(raw, BigInt64Array), Number) : (t.int64Data ?? []).map((v) => toNumber(v as number)) };
    case ELEM.UINT64:
      return { values: raw ? Array.from(rawAs(raw, BigUint64Array), Number) : (t.uint64Data ?? []).map((v) => toNumber(v as number)) };
    case ELEM.INT32:
      return { values: raw ? rawAs(raw, Int32Array) : (t.int32Data ?? []) };
    case ELEM.UINT32:
      return { values: raw ? rawAs(raw, Uint32Array) : (t.uint64Data ?? []).map((v) => toNumber(v as number)) };
    case ELEM.INT16:
      return { values: raw ? rawAs(raw, Int16Array) : (t.int32Data ?? []) };
    case ELEM.UINT16:
      return { values: raw ? rawAs(raw, Uint16Array) : (t.int32Data ?? []) };
    case ELEM.INT8:
      return { values: raw ? rawAs(raw, Int8Array) : (t.int32Data ?? []) };
    case ELEM.UINT8:
    case ELEM.BOOL:
      return { values: raw ? rawAs(raw, Uint8Array) : (t.int32Data ?? []) };
    case ELEM.STRING: {
      const strings = (t.stringData ?? []).map((s) => new TextDecoder().decode(s));
      return { values: strings.map((_, i) => i), strings };
    }
    default:
      throw new OpError(`tensor '${t.name ?? ''}' has element type ${type}, which the interpreter does not read`);
  }
}

export function readTensor(t: TensorProto, precision: Precision): Tensor {
  if ((t.externalData ?? []).length > 0 || t.dataLocation === 1)
    throw new OpError(`tensor '${t.name ?? ''}' keeps its values in an external file; save the model with its weights inside`);
  const type = t.dataType ?? ELEM.FLOAT;
  const dims = tensorDims(t);
  const v = values(t, type);
  // A float16 / bfloat16 tensor is stored exactly; it computes as float32 (bfloat16 too).
  const storeType = type === BFLOAT16 ? ELEM.FLOAT : type;
  const out = fromValues(dims, storeType, v.values, precision);
  return v.strings ? { ...out, strings: v.strings } : out;
}
