// A decision tree compiled to a JavaScript function of nested conditionals over one block of rows:
// the JIT then keeps thresholds and feature offsets as constants and the branches in the predictor.
// Only numbers from the tree enter the code (no text of the file). Where code generation is not
// allowed (a strict Content-Security-Policy), or a tree is very deep, the caller walks the arrays.
import type { DecisionTree } from '@xai/core';

/** Adds one tree's leaf values for rows [0, m) of `x` (row stride d) into `acc` (row stride C). */
export type CompiledTree = (x: Float64Array, m: number, d: number, acc: Float64Array, C: number, leafValue: Float64Array) => void;

/** Deeper trees are walked, not compiled (nested conditionals that deep strain parsers). */
const MAX_DEPTH = 48;

const literal = (v: number): string => (v < 0 || Object.is(v, -0) ? `(${String(v)})` : String(v));

/** The test that sends a row to the yes child, NaN included. */
function test(tree: DecisionTree, i: number): string {
  const v = `x[o + ${tree.feature[i]!}]`;
  const t = literal(tree.threshold[i]!);
  const m = tree.missingYes[i] === 1;
  switch (tree.split[i]) {
    case 0:
      return m ? `!(${v} >= ${t})` : `${v} < ${t}`;
    case 1:
      return m ? `!(${v} > ${t})` : `${v} <= ${t}`;
    case 2:
      return m ? `!(${v} < ${t})` : `${v} >= ${t}`;
    case 3:
      return m ? `!(${v} <= ${t})` : `${v} > ${t}`;
    case 4:
      return m ? `(${v} === ${t} || ${v} !== ${v})` : `${v} === ${t}`;
    default:
      return m ? `${v} !== ${t}` : `(${v} !== ${t} && ${v} === ${v})`;
  }
}

function expression(tree: DecisionTree, i: number, depth: number, leaf: (node: number) => string): string | null {
  if (depth > MAX_DEPTH) return null;
  if (tree.yes[i]! < 0) return leaf(i);
  const a = expression(tree, tree.yes[i]!, depth + 1, leaf);
  const b = a === null ? null : expression(tree, tree.no[i]!, depth + 1, leaf);
  return b === null ? null : `(${test(tree, i)} ? ${a} : ${b})`;
}

/**
 * Compiles a tree whose leaves add to `columns` raw scores; `leafBase` is the index of its first leaf
 * in the packed leaf table (leaves numbered in node order). Null when not compiled.
 */
export function compileTree(tree: DecisionTree, columns: number, leafBase: number): CompiledTree | null {
  // The one column a tree adds to (XGBoost, LightGBM), or -1 when it adds to several.
  let only = -2;
  for (let i = 0; i < tree.yes.length; i++) {
    if (tree.yes[i]! >= 0) continue;
    for (let c = 0; c < columns; c++) {
      if (tree.value[i * columns + c] === 0) continue;
      only = only === -2 || only === c ? c : -1;
    }
  }
  const leafNumber = new Map<number, number>();
  for (let i = 0, k = leafBase; i < tree.yes.length; i++) if (tree.yes[i]! < 0) leafNumber.set(i, k++);
  const column = only === -2 ? 0 : only;
  const expr =
    only === -1
      ? expression(tree, 0, 0, (i) => String(leafNumber.get(i)!))
      : expression(tree, 0, 0, (i) => literal(tree.value[i * columns + column]!));
  if (expr === null) return null;
  const body =
    only === -1
      ? `for (let i = 0, o = 0, a = 0; i < m; i++, o += d, a += C) { const l = ${expr} * C; for (let c = 0; c < C; c++) acc[a + c] += lv[l + c]; }`
      : `for (let i = 0, o = 0, a = ${column}; i < m; i++, o += d, a += C) acc[a] += ${expr};`;
  try {
    return new Function('x', 'm', 'd', 'acc', 'C', 'lv', `'use strict'; ${body}`) as CompiledTree;
  } catch {
    return null;
  }
}
