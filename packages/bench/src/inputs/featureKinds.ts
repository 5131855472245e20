// The feature kinds a run's perturbations use (continuous noise, discrete flips, one-hot moves),
// in the form the outputs print and the manifest records.
import type { FeatureSchema } from '@xai/core';

/** A lone discrete column and the two values its flip swaps. */
export interface DiscreteColumn {
  readonly name: string;
  readonly levels: readonly [number, number];
}

/**
 * The feature kinds of a run, as recorded in `xai evaluate`'s output, `xai explain`'s
 * attributions file and the bench manifest: where they came from, how many columns get
 * continuous noise, which columns flip (with their two values) and which move as one-hot groups.
 * @since 0.3.0
 */
export interface FeatureKindsRecord {
  readonly source: string;
  readonly continuous: number;
  readonly discrete: readonly DiscreteColumn[];
  /** One-hot groups by column name. */
  readonly groups: readonly (readonly string[])[];
}

/**
 * The record of `schema` (with `levels` filled in, see core's `withDiscreteLevels`).
 * @example featureKindsRecord(schema, 'inferred from train.csv').discrete // [{ name: 'sex', levels: [1, 2] }]
 * @since 0.3.0
 */
export function featureKindsRecord(schema: FeatureSchema, source: string): FeatureKindsRecord {
  const grouped = new Set(schema.groups.filter((g) => g.length >= 2).flat());
  const discrete: DiscreteColumn[] = [];
  let continuous = 0;
  schema.kinds.forEach((k, j) => {
    if (grouped.has(j)) return;
    if (k === 'continuous') continuous++;
    else discrete.push({ name: schema.names[j] ?? `x${j}`, levels: schema.levels?.[j] ?? [0, 1] });
  });
  const groups = schema.groups.filter((g) => g.length >= 2).map((g) => g.map((j) => schema.names[j] ?? `x${j}`));
  return { source, continuous, discrete, groups };
}

const LISTED = 8;

/** One line for the terminal: `feature kinds (source): 6 continuous; 7 discrete: sex {1, 2}, …; 1 one-hot group: status_1…status_4`. */
export function featureKindsLine(r: FeatureKindsRecord): string {
  const list = <T>(xs: readonly T[], show: (x: T) => string) =>
    `${xs.slice(0, LISTED).map(show).join(', ')}${xs.length > LISTED ? `, … (+${xs.length - LISTED})` : ''}`;
  const parts = [`${r.continuous} continuous`];
  if (r.discrete.length > 0)
    parts.push(`${r.discrete.length} discrete: ${list(r.discrete, (c) => `${c.name} {${c.levels[0]}, ${c.levels[1]}}`)}`);
  if (r.groups.length > 0)
    parts.push(
      `${r.groups.length} one-hot group${r.groups.length === 1 ? '' : 's'}: ${list(r.groups, (g) => `${g[0]}…${g[g.length - 1]} (${g.length})`)}`,
    );
  return `feature kinds (${r.source}): ${parts.join('; ')}`;
}
