// ai.onnx.ml TreeEnsembleClassifier / TreeEnsembleRegressor graphs (as skl2onnx, onnxmltools and
// hand-written graphs lay them out) as a core TreeEnsemble, evaluated the way ONNX Runtime does.
import type { TreeClassScore, TreeSplit, TreeTransform } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import type { RawNode } from './internal/buildTree.js';
import { buildTree } from './internal/buildTree.js';
import type { NodeProto } from './internal/onnxAttributes.js';
import { floats, hasTensorForm, int, ints, num, onnx, present, string, strings } from './internal/onnxAttributes.js';
import type { TreeSite } from './internal/treeError.js';
import { treeError } from './internal/treeError.js';
import type { ReadTrees } from './readXgboostJson.js';

/** The operators of a tree graph: one tree ensemble, optionally followed by these. @since 0.1.0 */
export const ONNX_TREE_OPS = ['TreeEnsembleClassifier', 'TreeEnsembleRegressor'] as const;
const PASS_THROUGH_OPS = ['ZipMap', 'Cast', 'Identity'];

const MODES: Readonly<Record<string, TreeSplit | -1>> = {
  BRANCH_LT: 0,
  BRANCH_LEQ: 1,
  BRANCH_GTE: 2,
  BRANCH_GT: 3,
  BRANCH_EQ: 4,
  BRANCH_NEQ: 5,
  LEAF: -1,
};

const TRANSFORMS: Readonly<Record<string, TreeTransform>> = {
  NONE: 'identity',
  LOGISTIC: 'logistic',
  SOFTMAX: 'softmax',
  SOFTMAX_ZERO: 'softmax_zero',
  PROBIT: 'probit',
};

export interface ReadOnnxTreesOptions {
  /** The file name in messages. @defaultValue '<onnx>' */
  readonly file?: string;
  /** The feature count, when the graph's input width is dynamic. @defaultValue the largest feature id + 1 */
  readonly inputDim?: number;
}

/** The graph's op types, or null for bytes that are not an ONNX model. */
function graphOps(bytes: Uint8Array): { ops: string[]; model: ReturnType<typeof onnx.ModelProto.decode> } | null {
  try {
    const model = onnx.ModelProto.decode(bytes);
    const nodes = model.graph?.node ?? [];
    return nodes.length === 0 ? null : { ops: nodes.map((n) => n.opType ?? ''), model };
  } catch {
    return null;
  }
}

/**
 * True when the bytes are an ONNX graph of one TreeEnsembleClassifier / TreeEnsembleRegressor (with
 * only ZipMap, Cast or Identity beside it): a graph `readOnnxTrees` reads, so a loader can run it
 * without ONNX Runtime. Anything else (other ops, not ONNX) is false.
 * @example if (isOnnxTreeGraph(bytes)) model = treeModelFromBytes(bytes, { file })
 * @since 0.1.0
 */
export function isOnnxTreeGraph(bytes: Uint8Array): boolean {
  const g = graphOps(bytes);
  if (g === null) return false;
  const trees = g.ops.filter((op) => (ONNX_TREE_OPS as readonly string[]).includes(op));
  return trees.length === 1 && g.ops.every((op) => trees.includes(op) || PASS_THROUGH_OPS.includes(op));
}

/**
 * Reads an ONNX tree-ensemble graph: every node mode, missing-value tracks, base values, class ids
 * and weights, post transforms NONE, LOGISTIC, SOFTMAX, SOFTMAX_ZERO, PROBIT, aggregate SUM and
 * AVERAGE. The file stores no covers (`covers: 'none'`). Typed errors name the file, tree and node.
 * @example const { ensemble } = readOnnxTrees(bytes, { file: 'rf.onnx' })
 * @since 0.1.0
 */
export function readOnnxTrees(bytes: Uint8Array, options: ReadOnnxTreesOptions = {}): ReadTrees {
  const file = options.file ?? '<onnx>';
  const site: TreeSite = { file, fn: 'readOnnxTrees' };
  const g = graphOps(bytes);
  if (g === null) throw treeError('PARSE_ERROR', site, 'is not an ONNX model (protobuf decoding failed or no graph nodes)');
  const node = g.model.graph!.node!.find((n) => (ONNX_TREE_OPS as readonly string[]).includes(n.opType ?? ''));
  const other = g.ops.filter((op) => !(ONNX_TREE_OPS as readonly string[]).includes(op) && !PASS_THROUGH_OPS.includes(op));
  if (node === undefined || other.length > 0)
    throw treeError(
      'NOT_SUPPORTED',
      site,
      `is not a tree-ensemble graph (ops ${[...new Set(g.ops)].join(', ')}); read are ${ONNX_TREE_OPS.join(' and ')} with only ${PASS_THROUGH_OPS.join(', ')} beside them`,
      g.ops,
    );
  const input = g.model.graph!.input?.[0];
  const elem = input?.type?.tensorType?.elemType ?? 1;
  const dims = input?.type?.tensorType?.shape?.dim ?? [];
  const declared = dims[1]?.dimValue;
  const features = ints(node, 'nodes_featureids');
  const inputDim =
    declared !== undefined && declared !== null && num(declared) > 0
      ? num(declared)
      : (options.inputDim ?? features.reduce((m, f) => Math.max(m, f + 1), 1));
  const float32 = elem !== 11 && !hasTensorForm(node, 'nodes_values');
  return node.opType === 'TreeEnsembleClassifier'
    ? readClassifier(node, site, inputDim, float32)
    : readRegressor(node, site, inputDim, float32);
}

/** Leaf weights of one (tree, node): [output, weight] pairs. */
type Weights = Map<string, [number, number][]>;

function leafWeights(node: NodeProto, prefix: 'class' | 'target', site: TreeSite): Weights {
  const trees = ints(node, `${prefix}_treeids`);
  const nodes = ints(node, `${prefix}_nodeids`);
  const ids = ints(node, `${prefix}_ids`);
  const w = floats(node, `${prefix}_weights`);
  if (nodes.length !== trees.length || ids.length !== trees.length || w.length !== trees.length)
    throw treeError('BAD_INPUT', site, `${prefix}_treeids, _nodeids, _ids and _weights differ in length`, [
      trees.length,
      nodes.length,
      ids.length,
      w.length,
    ]);
  const out: Weights = new Map();
  trees.forEach((t, i) => {
    const key = `${t}/${nodes[i]}`;
    const list = out.get(key) ?? [];
    list.push([ids[i]!, w[i]!]);
    out.set(key, list);
  });
  return out;
}

/** The trees of the graph; `column(id)` maps a weight's class or target id to a raw-score column. */
function readForest(
  node: NodeProto,
  site: TreeSite,
  inputDim: number,
  columns: number,
  weights: Weights,
  column: (id: number) => number,
  float32: boolean,
) {
  const treeIds = ints(node, 'nodes_treeids');
  const nodeIds = ints(node, 'nodes_nodeids');
  const feats = ints(node, 'nodes_featureids');
  const modes = strings(node, 'nodes_modes');
  const values = floats(node, 'nodes_values');
  const yes = ints(node, 'nodes_truenodeids');
  const no = ints(node, 'nodes_falsenodeids');
  const missing = ints(node, 'nodes_missing_value_tracks_true');
  const n = treeIds.length;
  for (const [name, list] of [
    ['nodes_nodeids', nodeIds],
    ['nodes_featureids', feats],
    ['nodes_modes', modes],
    ['nodes_values', values],
    ['nodes_truenodeids', yes],
    ['nodes_falsenodeids', no],
  ] as const) {
    if (list.length !== n) throw treeError('BAD_INPUT', site, `${name} has ${list.length} entries, nodes_treeids ${n}`, list.length);
  }
  const byTree = new Map<number, Map<number, RawNode>>();
  const children = new Map<number, Set<number>>();
  for (let i = 0; i < n; i++) {
    const t = treeIds[i]!;
    const at = { ...site, tree: t, node: nodeIds[i]! };
    const mode = MODES[modes[i]!];
    if (mode === undefined)
      throw treeError('BAD_INPUT', at, `has unknown mode ${describeValue(modes[i])} (known: ${Object.keys(MODES).join(', ')})`, modes[i]);
    const nodes = byTree.get(t) ?? new Map<number, RawNode>();
    byTree.set(t, nodes);
    const kids = children.get(t) ?? new Set<number>();
    children.set(t, kids);
    if (nodes.has(nodeIds[i]!)) throw treeError('BAD_INPUT', at, 'appears twice', nodeIds[i]);
    const leaf = mode === -1;
    if (!leaf) kids.add(yes[i]!).add(no[i]!);
    const w = weights.get(`${t}/${nodeIds[i]}`) ?? [];
    if (!leaf && w.length > 0) throw treeError('BAD_INPUT', at, 'is a split node with leaf weights', w);
    nodes.set(nodeIds[i]!, {
      yes: leaf ? -1 : yes[i]!,
      no: leaf ? -1 : no[i]!,
      feature: feats[i]!,
      threshold: values[i]!,
      split: leaf ? 0 : mode,
      // ONNX Runtime: a NaN goes to the true branch when tracked, or when the comparison holds (only != does)
      missingYes: missing[i] === 1 || mode === 5,
      cover: null,
      values: w.map(([id, v]) => {
        const c = column(id);
        if (c < 0 || c >= columns) throw treeError('BAD_INPUT', at, `has a weight for output ${id}, but the model has ${columns}`, id);
        return [c, v] as const;
      }),
    });
  }
  return [...byTree.keys()]
    .sort((a, b) => a - b)
    .map((t) => {
      const nodes = byTree.get(t)!;
      const roots = [...nodes.keys()].filter((k) => !children.get(t)!.has(k));
      if (roots.length !== 1)
        throw treeError('BAD_INPUT', { ...site, tree: t }, `has ${roots.length} root nodes (nodes no other node points to)`, roots);
      return buildTree(nodes, roots[0]!, inputDim, columns, { ...site, tree: t }, float32);
    });
}

function transformOf(node: NodeProto, site: TreeSite): TreeTransform {
  const name = string(node, 'post_transform') ?? 'NONE';
  const t = TRANSFORMS[name];
  if (t === undefined)
    throw treeError('NOT_SUPPORTED', site, `post_transform ${name} is not one of ${Object.keys(TRANSFORMS).join(', ')}`, name);
  return t;
}

function readClassifier(node: NodeProto, site: TreeSite, inputDim: number, float32: boolean): ReadTrees {
  const labels = present(node, 'classlabels_strings') ? strings(node, 'classlabels_strings') : ints(node, 'classlabels_int64s').map(String);
  const K = labels.length;
  if (K < 2) throw treeError('BAD_INPUT', site, `has ${K} class labels; a classifier needs at least 2`, K);
  const weights = leafWeights(node, 'class', site);
  const used = new Set(ints(node, 'class_ids'));
  const base = floats(node, 'base_values');
  let transform = transformOf(node, site);
  // ONNX Runtime's binary case: two labels, weights for class id 0 only, one raw score s.
  const single = K === 2 && used.size === 1 && used.has(0);
  const columns = single ? 1 : K;
  let classScores: TreeClassScore[] = Array.from({ length: K }, (_, c) => ({ column: c, sign: 1 as const, offset: 0 }));
  if (single) {
    if (base.length > 1)
      throw treeError('NOT_SUPPORTED', site, `binary scores in one column with ${base.length} base_values are ambiguous`, base);
    const positive = floats(node, 'class_weights').every((w) => w >= 0);
    if (transform === 'identity' && !positive)
      throw treeError(
        'NOT_SUPPORTED',
        site,
        'binary raw scores with negative weights and post_transform NONE are not probabilities',
        transform,
      );
    if (transform !== 'identity' && transform !== 'logistic')
      throw treeError(
        'NOT_SUPPORTED',
        site,
        `binary scores in one column with post_transform ${string(node, 'post_transform')} are not read`,
        transform,
      );
    // identity: [1 − s, s] (class shares); logistic: [σ(−s), σ(s)]
    classScores = [
      { column: 0, sign: -1, offset: transform === 'identity' ? 1 : 0 },
      { column: 0, sign: 1, offset: 0 },
    ];
    if (transform === 'identity') transform = 'identity';
  }
  const trees = readForest(node, site, inputDim, columns, weights, (id) => (single ? 0 : id), float32);
  const b = new Float64Array(columns);
  if (base.length === columns || (single && base.length === 1)) b.set(base.slice(0, columns));
  else if (base.length > 0 && !single && base.length !== columns)
    throw treeError('BAD_INPUT', site, `has ${base.length} base_values for ${columns} classes`, base.length);
  return {
    ensemble: { inputDim, columns, trees, base: b, transform, classScores, covers: 'none', float32 },
    info: {
      format: 'onnx',
      file: site.file,
      output: 'probabilities',
      classes: K,
      objective: `TreeEnsembleClassifier ${string(node, 'post_transform') ?? 'NONE'}`,
      classLabels: labels,
    },
  };
}

function readRegressor(node: NodeProto, site: TreeSite, inputDim: number, float32: boolean): ReadTrees {
  const columns = int(node, 'n_targets', 1);
  const aggregate = string(node, 'aggregate_function') ?? 'SUM';
  if (aggregate !== 'SUM' && aggregate !== 'AVERAGE')
    throw treeError('NOT_SUPPORTED', site, `aggregate_function ${aggregate} is not additive; read are SUM and AVERAGE`, aggregate);
  const transform = transformOf(node, site);
  let trees = readForest(node, site, inputDim, columns, leafWeights(node, 'target', site), (id) => id, float32);
  if (aggregate === 'AVERAGE') trees = trees.map((t) => ({ ...t, value: t.value.map((v) => v / trees.length) }));
  const base = floats(node, 'base_values');
  const b = new Float64Array(columns);
  if (base.length === columns) b.set(base);
  else if (base.length > 0)
    throw new XaiError('BAD_INPUT', `${site.file}: has ${base.length} base_values for ${columns} targets`, {
      fn: site.fn,
      file: site.file,
    });
  return {
    ensemble: {
      inputDim,
      columns,
      trees,
      base: b,
      transform,
      classScores: Array.from({ length: columns }, (_, c) => ({ column: c, sign: 1 as const, offset: 0 })),
      covers: 'none',
      float32,
    },
    info: {
      format: 'onnx',
      file: site.file,
      output: 'value',
      classes: columns,
      objective: `TreeEnsembleRegressor ${aggregate} ${string(node, 'post_transform') ?? 'NONE'}`,
    },
  };
}
