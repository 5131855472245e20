import { substream } from '@xai/core';
import type { ResolvedAuditOptions } from './auditOptions.js';
import type { NullKind, ProbeResult } from './auditReport.js';
import { nullStats } from './internal/nullStats.js';
import { probeResult } from './internal/probeResult.js';

/** One field's values by row (undefined where a row has none). */
export interface FieldValues {
  readonly name: string;
  readonly values: readonly (string | undefined)[];
}

/** A field that is the label written another way: a one-to-one map from its values to the labels. */
export interface LabelCopy {
  readonly field: string;
  /** Rows holding the field (every one agrees with the map). */
  readonly rows: number;
  /** Value → label index, one pair per class. */
  readonly map: ReadonlyMap<string, number>;
}

/**
 * The fields whose values are a one-to-one recoding of the label on every row that holds them
 * (at least `minRows` rows and two classes): the exact-match check, run before any learning.
 * A learned probe can miss such a field (a one-word field keeps its copies in one fold), a
 * stump can see it as one legitimate strong column; this check names it for what it is.
 * @since 0.3.0
 */
export function findLabelCopies(fields: readonly FieldValues[], labels: ArrayLike<number>, minRows: number): LabelCopy[] {
  const out: LabelCopy[] = [];
  for (const { name, values } of fields) {
    const forward = new Map<string, number>();
    const backward = new Map<number, string>();
    let rows = 0;
    let ok = true;
    for (let i = 0; i < values.length && ok; i++) {
      const v = values[i];
      if (v === undefined) continue;
      const y = labels[i]!;
      rows++;
      const f = forward.get(v);
      const b = backward.get(y);
      if ((f !== undefined && f !== y) || (b !== undefined && b !== v)) ok = false;
      forward.set(v, y);
      backward.set(y, v);
    }
    if (ok && rows >= minRows && forward.size >= 2) out.push({ field: name, rows, map: forward });
  }
  return out;
}

/**
 * A label copy as a report line (rule 'exact-match'): it commits on the rows holding the field
 * and is right on all of them; its null is the same map scored on labels permuted across rows
 * (R draws, content-ordered by `order`), so the line shows the floor beside its chance level.
 * It fires by the exact match alone: a random labelling is a one-to-one recoding of a field
 * with two or more values on `minRows` rows with probability below 2^-(minRows−1).
 * @since 0.3.0
 */
export function labelCopyResult(
  copy: LabelCopy,
  values: readonly (string | undefined)[],
  labels: ArrayLike<number>,
  order: Int32Array,
  opts: ResolvedAuditOptions,
  nullKind: NullKind,
): ProbeResult {
  const n = values.length;
  const rows = Array.from(order).filter((i) => values[i] !== undefined);
  const draws = new Float64Array(opts.permutations);
  const shuffled = rows.map((i) => labels[i]!);
  for (let r = 0; r < opts.permutations; r++) {
    substream(opts.seed, 'label-copy', r).shuffle(shuffled);
    let hits = 0;
    rows.forEach((i, t) => {
      if (copy.map.get(values[i]!) === shuffled[t]) hits++;
    });
    draws[r] = hits / rows.length;
  }
  const decide = nullStats(draws, opts.quantile);
  return probeResult({
    name: 'label-copy',
    fires: true,
    sign: copy.field,
    signs: [copy.field],
    items: n,
    covered: copy.rows,
    hits: copy.rows,
    accuracy: 1,
    nullKind,
    decide,
    threshold: decide.upper,
    minAccuracy: 1,
    note: `one-to-one recoding of the label (${copy.map.size} values)`,
    rule: 'exact-match',
    fields: [copy.field],
    fix: `drop \`${copy.field}\`: it is the label written another way (every value maps to one class and back)`,
  });
}
