// The graph step: what a decoded model declares (its one real input, its outputs, producers
// and constant tensors), indexed for the import step and the assembly.
import { XaiError } from '@xai/core';
import type { GraphProto, ModelProto, NodeProto, TensorProto, ValueInfo } from './proto.js';
import { DT, decodeModel, elemTypeName, valueInfo } from './proto.js';

export interface GraphIndex {
  readonly file: string;
  readonly graph: GraphProto;
  readonly input: ValueInfo;
  readonly outputs: readonly ValueInfo[];
  /** Constant tensors: initializers and Constant nodes' values. */
  readonly constants: ReadonlyMap<string, TensorProto>;
  /** The node producing each tensor. */
  readonly producer: ReadonlyMap<string, NodeProto>;
  /** Each node's position in the graph's node list (what messages call it by). */
  readonly nodeIndex: ReadonlyMap<NodeProto, number>;
  /** Opset domains the model imports ('' is the default domain). */
  readonly domains: readonly string[];
  /** The opset version of each imported domain ('' for the default one, 'ai.onnx' folded into it). */
  readonly opsets: ReadonlyMap<string, number>;
  readonly producerName: string;
}

/** A graph node as messages name it: its position in the node list, its name and op type. */
export interface NodeRef {
  readonly index: number;
  readonly name: string;
  readonly opType: string;
}

export function nodeRef(g: GraphIndex, node: NodeProto): NodeRef {
  return { index: g.nodeIndex.get(node) ?? -1, name: node.name ?? '', opType: node.opType ?? '?' };
}

export function nodeLabel(ref: NodeRef): string {
  return `node ${ref.index}${ref.name === '' ? '' : ` '${ref.name}'`} (${ref.opType})`;
}

/** The graph's one real input (initializers listed as inputs left out), checked to be an n x d float tensor. */
function graphInput(
  graph: GraphProto,
  constants: ReadonlyMap<string, TensorProto>,
  file: string,
  fn: string,
  inputName: string | undefined,
): ValueInfo {
  const inputs = (graph.input ?? []).filter((v) => !constants.has(v.name ?? '')).map(valueInfo);
  if (inputName !== undefined) {
    const named = inputs.find((v) => v.name === inputName);
    if (named === undefined)
      throw new XaiError('NOT_FOUND', `${file} has no input named '${inputName}' (inputs: ${inputs.map((v) => v.name).join(', ')})`, {
        fn,
        arg: 'inputName',
        file,
        value: inputName,
      });
  }
  if (inputs.length !== 1) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file} has ${inputs.length} inputs (${inputs.map((v) => `'${v.name}'`).join(', ')}); a Model takes one n x d feature tensor: export the graph with a single float input (e.g. concatenate the features first)`,
      { fn, arg: 'pathOrBytes', file, value: inputs.map((v) => v.name) },
    );
  }
  const input = inputs[0]!;
  if (input.kind !== 'tensor' || (input.elemType !== DT.FLOAT && input.elemType !== DT.DOUBLE)) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: input '${input.name}' is ${input.kind === 'tensor' ? elemTypeName(input.elemType) : input.kind}; only float32/float64 feature tensors are supported`,
      { fn, arg: 'pathOrBytes', file, value: input.elemType },
    );
  }
  if (input.shape !== undefined && input.shape.length !== 2) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file}: input '${input.name}' has rank ${input.shape.length} (shape [${input.shape.join(', ')}]); a Model takes an n x d matrix`,
      { fn, arg: 'pathOrBytes', file, value: input.shape },
    );
  }
  return input;
}

/**
 * NOT_SUPPORTED for a tensor whose values are in another file (a model given as bytes; a path is
 * read with its external data by the Node loader), naming the tensor and the file.
 */
function refuseExternal(t: TensorProto, file: string, fn: string): void {
  if (t.dataLocation !== 1 && (t.externalData ?? []).length === 0) return;
  const location = (t.externalData ?? []).find((e) => e.key === 'location')?.value ?? '?';
  throw new XaiError(
    'NOT_SUPPORTED',
    `${file}: tensor '${t.name ?? ''}' keeps its values in another file ('${location}', ONNX external data), which bytes alone do not hold: load the model by its path in Node (the file beside it is read), or save it with its weights inside (onnx.save_model(m, path, save_as_external_data=False))`,
    { fn, arg: 'pathOrBytes', file, value: location },
  );
}

export function indexGraph(model: ModelProto, file: string, fn: string, inputName: string | undefined): GraphIndex {
  const graph = model.graph!;
  const constants = new Map<string, TensorProto>();
  for (const t of graph.initializer ?? []) {
    refuseExternal(t, file, fn);
    constants.set(t.name ?? '', t);
  }
  const producer = new Map<string, NodeProto>();
  const nodeIndex = new Map<NodeProto, number>();
  for (const node of graph.node ?? []) {
    nodeIndex.set(node, nodeIndex.size);
    for (const out of node.output ?? []) producer.set(out, node);
    if (node.opType === 'Constant') {
      const value = (node.attribute ?? []).find((a) => a.name === 'value')?.t;
      const out = node.output?.[0];
      if (value !== null && value !== undefined && out !== undefined) constants.set(out, value);
    }
  }
  const input = graphInput(graph, constants, file, fn, inputName);
  const domains = (model.opsetImport ?? []).map((o) => o.domain ?? '');
  const opsets = new Map<string, number>();
  for (const o of model.opsetImport ?? []) {
    const v = o.version;
    opsets.set(o.domain === 'ai.onnx' ? '' : (o.domain ?? ''), typeof v === 'number' ? v : Number(v ?? 0));
  }
  return {
    file,
    graph,
    input,
    outputs: (graph.output ?? []).map(valueInfo),
    constants,
    producer,
    nodeIndex,
    domains,
    opsets,
    producerName: model.producerName ?? '',
  };
}

/** ONNX bytes → the indexed graph (decode, then index); `inputName` picks the input to feed. */
export function parseGraph(bytes: Uint8Array, file: string, fn: string, inputName: string | undefined): GraphIndex {
  return indexGraph(decodeModel(bytes, file, fn), file, fn, inputName);
}
