// One decision tree from a file's node list, renumbered so that the root is node 0 and every
// node is reached once (a node list with a cycle, a shared child or a stray node is refused).
import type { DecisionTree, TreeSplit } from '@xai/core';
import type { TreeSite } from './treeError.js';
import { treeError } from './treeError.js';

/** A file's node as the readers see it, under the file's own node ids. */
export interface RawNode {
  /** -1 for a leaf. */
  readonly yes: number;
  readonly no: number;
  readonly feature: number;
  readonly threshold: number;
  readonly split: TreeSplit;
  readonly missingYes: boolean;
  readonly cover: number | null;
  /** Leaf values per raw-score column (sparse: [column, value] pairs). */
  readonly values: readonly (readonly [number, number])[];
}

/**
 * Builds a tree from nodes keyed by the file's ids, starting at `root`, checking children,
 * features (< inputDim) and thresholds (not NaN). Node numbers in errors are the file's ids.
 */
export function buildTree(
  nodes: ReadonlyMap<number, RawNode>,
  root: number,
  inputDim: number,
  columns: number,
  site: TreeSite,
  float32: boolean,
): DecisionTree {
  const order: number[] = [];
  const index = new Map<number, number>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (index.has(id)) throw treeError('BAD_INPUT', { ...site, node: id }, 'is reached twice (a cycle or a shared child)', id);
    const nd = nodes.get(id);
    if (nd === undefined) throw treeError('BAD_INPUT', { ...site, node: id }, 'is named as a child but does not exist', id);
    index.set(id, order.length);
    order.push(id);
    if (nd.yes >= 0) stack.push(nd.no, nd.yes);
  }
  if (order.length !== nodes.size) {
    const stray = [...nodes.keys()].find((k) => !index.has(k))!;
    throw treeError('BAD_INPUT', { ...site, node: stray }, 'is not reachable from the root', stray);
  }
  const n = order.length;
  const t = {
    yes: new Int32Array(n),
    no: new Int32Array(n),
    feature: new Int32Array(n),
    threshold: new Float64Array(n),
    split: new Uint8Array(n),
    missingYes: new Uint8Array(n),
    cover: order.every((id) => nodes.get(id)!.cover !== null) ? new Float64Array(n) : null,
    value: new Float64Array(n * columns),
  };
  order.forEach((id, i) => {
    const nd = nodes.get(id)!;
    const at = { ...site, node: id };
    if (t.cover !== null) t.cover[i] = nd.cover!;
    if (nd.yes < 0) {
      t.yes[i] = -1;
      t.no[i] = -1;
      for (const [k, v] of nd.values) {
        if (!Number.isFinite(v)) throw treeError('BAD_INPUT', at, `leaf value ${v} is not finite`, v);
        t.value[i * columns + k] = t.value[i * columns + k]! + v;
      }
      return;
    }
    if (!Number.isInteger(nd.feature) || nd.feature < 0 || nd.feature >= inputDim)
      throw treeError('BAD_INPUT', at, `splits on feature ${nd.feature}, but the model reads features 0..${inputDim - 1}`, nd.feature);
    if (Number.isNaN(nd.threshold)) throw treeError('BAD_INPUT', at, 'has a NaN threshold', nd.threshold);
    t.yes[i] = index.get(nd.yes)!;
    t.no[i] = index.get(nd.no)!;
    t.feature[i] = nd.feature;
    t.threshold[i] = float32 ? Math.fround(nd.threshold) : nd.threshold;
    t.split[i] = nd.split;
    t.missingYes[i] = nd.missingYes ? 1 : 0;
  });
  return t;
}
