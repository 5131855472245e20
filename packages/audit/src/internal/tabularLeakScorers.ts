// The beats-others probes on columns: a target-encoded column and the missing-value pattern.
import type { HeldOutNb } from './naiveBayes.js';
import { groupLookupHits, majority, missingPatterns, targetLevelColumns } from './tabularRules.js';
import type { TargetLevels } from './tabularRules.js';
import type { GroupSpread } from './targetEncodings.js';
import { M_ESTIMATES, categoryLevels, groupSpreads, smoothedInversionHits, spreadHits } from './targetEncodings.js';
import type { Scorer } from '../tabular/scorer.js';
import type { VersusOn } from './tabularContext.js';
import { abstainScorer } from './tabularStumps.js';
import { quoteColumns as quote } from './quoteColumns.js';

/**
 * Target encoding, three forms: the column's value is its level's label rate with this row
 * included, plain or smoothed toward the label mean (m-estimate; inverted for each m of
 * M_ESTIMATES), or a leave-one-out rate (smoothed or not), whose spread within a category of
 * another column is the row's own label (the lower value on the rows labelled 1). Each form
 * and weight is a sign; the best is taken in the observed fit and in every null draw.
 */
export function targetScorer(
  columns: readonly Float64Array[],
  header: readonly string[],
  minCovered: number,
  y: Int32Array,
  nbCv: () => HeldOutNb,
  versusOn: VersusOn,
): Scorer {
  // Levels by value (no category column needed), and by the categories of another column.
  const levels: (TargetLevels & { readonly group?: number })[] = [
    ...targetLevelColumns(columns, minCovered),
    ...categoryLevels(columns, minCovered),
  ];
  const spreads = groupSpreads(columns, minCovered);
  type Cand =
    | { kind: 'mean'; t: TargetLevels & { readonly group?: number }; m: number }
    | { kind: 'spread'; s: GroupSpread; sign: 'lower' | 'higher' };
  const cands: Cand[] = [
    ...levels.flatMap((t) => M_ESTIMATES.map((m): Cand => ({ kind: 'mean', t, m }))),
    ...spreads.flatMap((sp) => (['lower', 'higher'] as const).map((sign): Cand => ({ kind: 'spread', s: sp, sign }))),
  ];
  if (cands.length === 0) return abstainScorer('target-encoded', 'no column of label-rate-like values in [0, 1] with repeated levels');
  const sums = new Float64Array(Math.max(1, ...levels.map((t) => t.size.length)));
  const covered = (c: Cand): number => (c.kind === 'mean' ? c.t.covered : c.s.covered);
  const hitsOf = (c: Cand, labels: Int32Array, right?: Uint8Array): number =>
    c.kind === 'mean' ? smoothedInversionHits(c.t, labels, sums, c.m, right) : spreadHits(c.s, labels, c.sign, right);
  const describe = (c: Cand): string =>
    c.kind === 'mean'
      ? `${header[c.t.column]} = ${c.t.group !== undefined ? `its \`${header[c.t.group]}\`'s` : "its level's"} label rate${c.m > 0 ? `, smoothed (m = ${c.m})` : ''} (inversion)`
      : `${header[c.s.column]} within \`${header[c.s.group]}\`: the ${c.sign} value is label 1 (leave-one-out)`;
  let picked = -1;
  return {
    name: 'target-encoded',
    set: 'train',
    rule: 'beats-others',
    signs: cands.map(describe),
    score(labels, wantSign) {
      let best = -1;
      let bestAcc = -1;
      let bestHits = 0;
      cands.forEach((c, k) => {
        const hits = hitsOf(c, labels);
        if (hits / covered(c) > bestAcc) {
          bestAcc = hits / covered(c);
          best = k;
          bestHits = hits;
        }
      });
      if (wantSign) picked = best;
      const c = cands[best]!;
      return { hits: bestHits, covered: covered(c), sign: wantSign ? describe(c) : '' };
    },
    explain() {
      const c = cands[picked]!;
      const j = c.kind === 'mean' ? c.t.column : c.s.column;
      const right = new Uint8Array(y.length);
      hitsOf(c, y, right);
      const rows: number[] = [];
      for (let i = 0; i < y.length; i++) if (c.kind === 'mean' ? c.t.level[i]! >= 0 : c.s.lower[i]! !== 2) rows.push(i);
      const nb = nbCv();
      const versus = versusOn(
        rows,
        (i) => right[i] === 1,
        (i) => nb.predictWithout(i, [j]) === y[i],
      );
      const how =
        c.kind === 'mean'
          ? `its level's label rate, this row included${c.m > 0 ? `, smoothed with m = ${c.m}` : ''}`
          : `a leave-one-out label rate per \`${header[c.s.group]}\` (its spread within a category is the row's own label)`;
      return {
        fields:
          c.kind === 'mean' ? [header[j]!, ...(c.t.group !== undefined ? [header[c.t.group]!] : [])] : [header[j]!, header[c.s.group]!],
        fix: `\`${header[j]}\` is computed from the label (${how}): recompute it out-of-fold on train only, or drop it`,
        versus,
      };
    },
  };
}

/** The missing-value pattern (which columns are missing) -> majority label. */
export function missingScorer(
  columns: readonly Float64Array[],
  header: readonly string[],
  n: number,
  C: number,
  y: Int32Array,
  fold: Uint8Array,
  nbCv: () => HeldOutNb,
  versusOn: VersusOn,
): Scorer {
  const { group, groups, any } = missingPatterns(columns, n);
  if (!any) return abstainScorer('missing-pattern', 'no missing values');
  const counts = new Int32Array(groups * C);
  const missingCols = columns.map((col, j) => ({ j, col })).filter(({ col }) => col.some(Number.isNaN));
  return {
    name: 'missing-pattern',
    set: 'train',
    rule: 'beats-others',
    signs: ['missing-value pattern → class'],
    score: (labels) => ({
      hits: groupLookupHits(group, groups, labels, C, counts),
      covered: n,
      sign: `missing-value pattern → class lookup (${groups} patterns)`,
    }),
    explain() {
      // Columns ranked by how much their missing rate differs between classes.
      const classN = new Float64Array(C);
      for (let i = 0; i < n; i++) classN[y[i]!]!++;
      const ranked = missingCols
        .map(({ j, col }) => {
          const miss = new Float64Array(C);
          for (let i = 0; i < n; i++) if (Number.isNaN(col[i]!)) miss[y[i]!]!++;
          let lo = Infinity;
          let hi = -Infinity;
          for (let c = 0; c < C; c++)
            if (classN[c]! > 0) {
              const r = miss[c]! / classN[c]!;
              lo = Math.min(lo, r);
              hi = Math.max(hi, r);
            }
          return { name: header[j]!, gap: hi - lo };
        })
        .sort((a, b) => b.gap - a.gap);
      const fields = ranked
        .filter((r, k) => k === 0 || r.gap >= 0.5 * ranked[0]!.gap)
        .slice(0, 5)
        .map((r) => r.name);
      // Held out: the pattern's majority label on the other fold (unseen pattern: that fold's majority).
      const foldCounts = [new Int32Array(groups * C), new Int32Array(groups * C)];
      const foldTotal = [new Int32Array(C), new Int32Array(C)];
      for (let i = 0; i < n; i++) {
        foldCounts[fold[i]!]![group[i]! * C + y[i]!]!++;
        foldTotal[fold[i]!]![y[i]!]!++;
      }
      const nb = nbCv();
      const versus = versusOn(
        Int32Array.from({ length: n }, (_, i) => i),
        (i) => {
          const other = 1 - fold[i]!;
          let pred = majority(foldCounts[other]!, group[i]! * C, C);
          if (pred < 0) pred = majority(foldTotal[other]!, 0, C);
          return pred === y[i];
        },
        (i) => nb.predictWithout(i, []) === y[i],
      );
      return {
        fields,
        fix: `the missingness of ${quote(fields)} encodes the label: find out why values are missing (filled in after the outcome?) and impute or drop them`,
        versus,
      };
    },
  };
}
