import { XaiError, describeValue } from './errors.js';

/**
 * Feature groups: lists of column indices switched on/off as one unit (one-hot blocks,
 * sensor channels; Captum's `feature_mask`, SHAP's grouped features). Columns in no group
 * are their own unit. Same shape as `FeatureSchema.groups`.
 */
export type FeatureGroups = readonly (readonly number[])[];

/**
 * Groups from a group id per column (Captum's `feature_mask` layout): columns sharing an id
 * form one group, in order of first appearance. Ids are any integers.
 * @example groupsFromIds([0, 0, 1, 2, 2])  // [[0, 1], [2], [3, 4]]
 * @since 0.2.0
 */
export function groupsFromIds(ids: ArrayLike<number>, fn = 'groupsFromIds', arg = 'ids'): number[][] {
  const byId = new Map<number, number[]>();
  for (let j = 0; j < ids.length; j++) {
    const id = ids[j]!;
    if (!Number.isInteger(id))
      throw new XaiError('BAD_INPUT', `column ${j} has group id ${describeValue(id)}, expected an integer`, {
        fn,
        arg,
        value: id,
        index: j,
      });
    let g = byId.get(id);
    if (g === undefined) {
      g = [];
      byId.set(id, g);
    }
    g.push(j);
  }
  return [...byId.values()];
}

/**
 * The units of a feature space of `dim` columns: every group once (as given, validated), then
 * every column in no group as a singleton, ordered by first column. Throws BAD_INPUT on an
 * out-of-range, repeated or empty group.
 * @example featureUnits(4, [[1, 2]])  // [[0], [1, 2], [3]]
 * @since 0.2.0
 */
export function featureUnits(dim: number, groups: FeatureGroups | undefined, fn = 'featureUnits', arg = 'groups'): number[][] {
  if (!Number.isInteger(dim) || dim < 0)
    throw new XaiError('BAD_INPUT', `dim must be a non-negative integer, got ${describeValue(dim)}`, { fn, arg: 'dim', value: dim });
  const owner = new Int32Array(dim).fill(-1);
  const units: number[][] = [];
  for (const [g, group] of (groups ?? []).entries()) {
    if (!Array.isArray(group) && !ArrayBuffer.isView(group))
      throw new XaiError('BAD_INPUT', `group ${g} is ${describeValue(group)}, expected an array of column indices`, {
        fn,
        arg,
        value: group,
      });
    if (group.length === 0) throw new XaiError('BAD_INPUT', `group ${g} is empty`, { fn, arg, value: g });
    for (const j of group) {
      if (!Number.isInteger(j) || j < 0 || j >= dim)
        throw new XaiError('BAD_INPUT', `group ${g} names column ${describeValue(j)}, outside [0, ${dim})`, { fn, arg, value: j });
      if (owner[j] !== -1) throw new XaiError('BAD_INPUT', `column ${j} is in group ${owner[j]} and group ${g}`, { fn, arg, value: j });
      owner[j] = g;
    }
    units.push(Array.from(group));
  }
  for (let j = 0; j < dim; j++) if (owner[j] === -1) units.push([j]);
  return units.sort((a, b) => Math.min(...a) - Math.min(...b));
}

/**
 * Unit id per column (units numbered in `featureUnits` order); every column must be in exactly
 * one unit (BAD_INPUT otherwise).
 * @example unitIds(4, [[0], [1, 2], [3]])  // Int32Array [0, 1, 1, 2]
 * @since 0.2.0
 */
export function unitIds(dim: number, units: readonly (readonly number[])[], fn = 'unitIds'): Int32Array {
  const ids = new Int32Array(featureUnits(dim, [], fn).length).fill(-1);
  units.forEach((u, k) => {
    for (const j of u) {
      if (!Number.isInteger(j) || j < 0 || j >= dim)
        throw new XaiError('BAD_INPUT', `unit ${k} names column ${describeValue(j)}, outside [0, ${dim})`, { fn, arg: 'units', value: j });
      if (ids[j] !== -1) throw new XaiError('BAD_INPUT', `column ${j} is in unit ${ids[j]} and unit ${k}`, { fn, arg: 'units', value: j });
      ids[j] = k;
    }
  });
  const missing = ids.indexOf(-1);
  if (missing !== -1) throw new XaiError('BAD_INPUT', `column ${missing} is in no unit`, { fn, arg: 'units', value: missing });
  return ids;
}
