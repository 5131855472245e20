// The few protobuf readers the ONNX tree reader needs (onnx-proto: protobufjs static code, browser-safe).
import onnxProto from 'onnx-proto';

export const onnx = onnxProto.onnx;
export type NodeProto = onnxProto.onnx.INodeProto;
type AttributeProto = onnxProto.onnx.IAttributeProto;
type Long = number | { toNumber(): number };

const num = (v: Long): number => (typeof v === 'number' ? v : v.toNumber());

function attribute(node: NodeProto, name: string): AttributeProto | undefined {
  return (node.attribute ?? []).find((a) => a.name === name);
}

/** Integer list attribute (empty when absent). */
export function ints(node: NodeProto, name: string): number[] {
  return (attribute(node, name)?.ints ?? []).map((v) => num(v as Long));
}

/** Float list attribute, or its `<name>_as_tensor` double twin (empty when both are absent). */
export function floats(node: NodeProto, name: string): number[] {
  const a = attribute(node, name);
  if (a?.floats && a.floats.length > 0) return [...a.floats];
  const t = attribute(node, `${name}_as_tensor`)?.t;
  if (t === undefined || t === null) return [];
  if (t.doubleData && t.doubleData.length > 0) return [...t.doubleData];
  if (t.floatData && t.floatData.length > 0) return [...t.floatData];
  const raw = t.rawData;
  if (raw && raw.byteLength > 0) {
    const copy = new Uint8Array(raw);
    return t.dataType === 11
      ? [...new Float64Array(copy.buffer, 0, copy.byteLength / 8)]
      : [...new Float32Array(copy.buffer, 0, copy.byteLength / 4)];
  }
  return [];
}

/** True when the double `<name>_as_tensor` form is used (thresholds stay float64). */
export function hasTensorForm(node: NodeProto, name: string): boolean {
  return attribute(node, `${name}_as_tensor`) !== undefined;
}

export function strings(node: NodeProto, name: string): string[] {
  const dec = new TextDecoder();
  return (attribute(node, name)?.strings ?? []).map((s) => dec.decode(s));
}

export function string(node: NodeProto, name: string): string | undefined {
  const s = attribute(node, name)?.s;
  return s === undefined || s === null ? undefined : new TextDecoder().decode(s);
}

export function int(node: NodeProto, name: string, fallback: number): number {
  const a = attribute(node, name);
  return a?.i === undefined || a.i === null ? fallback : num(a.i as Long);
}

export function present(node: NodeProto, name: string): boolean {
  return attribute(node, name) !== undefined;
}

export { num };
