import type { Matrix } from '@xai/core';
import { XaiError, checkOptions, hashFloat64, row } from '@xai/core';
import type { AuditReport, LeakComparison, ProbeResult } from '../auditReport.js';
import type { AuditOptions } from '../auditOptions.js';
import { resolveAuditOptions } from '../auditOptions.js';
import { Sha256 } from '@xai/core';
import { assembleReport } from '../internal/assembleReport.js';
import { duplicateGroups, duplicateVote, rowKey } from '../internal/duplicateRows.js';
import type { HeldOutNb } from '../internal/naiveBayes.js';
import { binColumns, crossValidatedNb, trainTestNb } from '../internal/naiveBayes.js';
import { probeResult } from '../internal/probeResult.js';
import { scoreFamily } from '../internal/scoreFamily.js';
import { canonicalOrder, permuteWithinStrata } from '../internal/nullDraws.js';
import type { StumpFeatures } from '../internal/stumps.js';
import { bestStump, buildStumpFeatures } from '../internal/stumps.js';
import {
  groupLookupHits,
  labelRunHits,
  majority,
  missingPatterns,
  nearDuplicateCounts,
  targetLevelColumns,
} from '../internal/tabularRules.js';
import type { TargetLevels } from '../internal/tabularRules.js';
import type { GroupSpread } from '../internal/targetEncodings.js';
import { M_ESTIMATES, categoryLevels, groupSpreads, smoothedInversionHits, spreadHits } from '../internal/targetEncodings.js';
import { compareHeldOut } from '../internal/versus.js';
import type { TabularAuditInput } from './tabularAuditInput.js';
import { assertTabularInput } from './tabularAuditInput.js';
import type { Scorer } from './scorer.js';
import { idContentScorer } from './idContentScorer.js';

/**
 * The tabular probes, in report order (the first four are the 0.1 battery; new probes are
 * appended so report indices stay put).
 */
export const TABULAR_PROBE_NAMES = [
  'row-order',
  'id-column',
  'leaked-column',
  'duplicates',
  'label-sorted',
  'target-encoded',
  'missing-pattern',
  'near-duplicates',
] as const;
export type TabularProbeName = (typeof TABULAR_PROBE_NAMES)[number];

export interface TabularAuditOptions extends AuditOptions {
  /** Which tabular probes to run. @defaultValue all eight, plus `id-content` when the table has text id columns */
  readonly probes?: readonly (TabularProbeName | 'id-content')[];
  /** An integer column is id-like when this fraction of its values is distinct. @defaultValue 0.99 */
  readonly idUniqueness?: number;
  /**
   * Leak rule: the suspect's held-out error must be at most this fraction of the error of
   * the model on all the other columns. @defaultValue 0.5
   */
  readonly leakErrorRatio?: number;
  /** Leak rule: paired (McNemar) z the suspect must reach over the others. @defaultValue 3.09 (one-sided p = 0.001) */
  readonly leakZ?: number;
  /** Near-duplicates: rounding grid, in train standard deviations per column. @defaultValue 0.1 */
  readonly nearTolerance?: number;
}

export const TABULAR_DEFAULTS = { idUniqueness: 0.99, leakErrorRatio: 0.5, leakZ: 3.09, nearTolerance: 0.1 } as const;

/** The option keys runTabularAudit accepts (runAuditSource adds its own to these). @since 0.2.0 */
export const TABULAR_OPTION_KEYS = [
  'permutations',
  'seed',
  'quantile',
  'margin',
  'minCovered',
  'familyWise',
  'receipt',
  'probes',
  'idUniqueness',
  'leakErrorRatio',
  'leakZ',
  'nearTolerance',
] as const;

const ID_NAME = /^(id|idx|index|row|rowid|row_id|row-id|.*[_-]id)$/i;

const quote = (names: readonly string[], max = 4): string =>
  names
    .slice(0, max)
    .map((h) => `\`${h}\``)
    .join(', ') + (names.length > max ? `, … (${names.length} columns)` : '');

/**
 * Audits a labelled table with partial-input rules that should never predict a label. Each
 * rule is fitted on the labels, so its null refits it on labels permuted across rows, R times
 * (the fitting is inside the null); the battery is corrected family-wise (max-T).
 *
 * Two kinds of rule:
 * - **permuted-null** (row order, label runs, an id-like column): should carry no
 *   information at all; fires when it beats its null.
 * - **beats-others** (a single column, a target-encoded column, the missing-value pattern,
 *   train → test copies and near-copies): may legitimately carry information, so beating the
 *   null is not enough — it is a *leak* only when it also predicts held-out labels clearly
 *   better than a model on all the other columns (naive Bayes on binned columns, two-fold
 *   cross-validated on train, or train → test): its held-out error at most `leakErrorRatio`
 *   × the others' error and a paired z ≥ `leakZ`. The report gives both accuracies (`versus`).
 *
 * Every probe names the columns it used (`fields`) and a one-line `fix`.
 * @example
 *   const report = runTabularAudit({ x, y, header: ['age', 'income', 'churn_flag'] });
 *   report.probes.filter((p) => p.fires).map((p) => `${p.name}: ${p.fix}`);
 * @since 0.1.0
 */
export function runTabularAudit(table: TabularAuditInput, options: TabularAuditOptions = {}): AuditReport {
  const fn = 'runTabularAudit';
  checkOptions(options, TABULAR_OPTION_KEYS, fn);
  const classes = assertTabularInput(table, fn);
  const opts = resolveAuditOptions(options, fn);
  const idUniqueness = options.idUniqueness ?? TABULAR_DEFAULTS.idUniqueness;
  const errorRatio = options.leakErrorRatio ?? TABULAR_DEFAULTS.leakErrorRatio;
  const leakZ = options.leakZ ?? TABULAR_DEFAULTS.leakZ;
  const tolerance = options.nearTolerance ?? TABULAR_DEFAULTS.nearTolerance;
  const bad = (arg: string, value: unknown, what: string): never => {
    throw new XaiError('BAD_OPTION', `${arg} must be ${what}, got ${String(value)}`, { fn, arg, value });
  };
  if (!(idUniqueness > 0 && idUniqueness <= 1)) bad('idUniqueness', idUniqueness, 'in (0, 1]');
  if (!(errorRatio > 0 && errorRatio <= 1)) bad('leakErrorRatio', errorRatio, 'in (0, 1]');
  if (!(Number.isFinite(leakZ) && leakZ >= 0)) bad('leakZ', leakZ, 'a finite number ≥ 0');
  if (!(tolerance > 0 && Number.isFinite(tolerance))) bad('nearTolerance', tolerance, 'a positive number');
  const known: readonly string[] = [...TABULAR_PROBE_NAMES, 'id-content'];
  for (const p of options.probes ?? [])
    if (!known.includes(p))
      throw new XaiError('BAD_OPTION', `unknown tabular probe "${p}" (known: ${known.join(', ')})`, {
        fn,
        arg: 'probes',
        value: p,
      });
  const C = classes.length;
  const { x, y, header } = table;
  const n = x.rows;
  const test = table.test;

  const columnsOf = (m: Matrix): Float64Array[] => {
    const cols: Float64Array[] = [];
    for (let j = 0; j < m.cols; j++) {
      const col = new Float64Array(m.rows);
      for (let i = 0; i < m.rows; i++) col[i] = m.data[(m.offset ?? 0) + i * (m.stride ?? m.cols) + j]!;
      cols.push(col);
    }
    return cols;
  };
  const columns = columnsOf(x);
  const testColumns = test ? columnsOf(test.x) : undefined;
  // Stumps sort by value: a missing value sorts first (a cut "missing vs present" is possible).
  const sortable = (col: Float64Array): Float64Array => (col.some(Number.isNaN) ? col.map((v) => (Number.isNaN(v) ? -Infinity : v)) : col);
  const idCols: number[] = [];
  const otherCols: number[] = [];
  for (let j = 0; j < x.cols; j++) (isIdLike(columns[j]!, header[j]!, idUniqueness) ? idCols : otherCols).push(j);
  // Text id columns (their values as written): the id-content probe reads their characters.
  const textIds = idCols.map((j) => header[j]!).filter((h) => table.text?.[h] !== undefined);
  const wanted = options.probes ?? [...TABULAR_PROBE_NAMES, ...(textIds.length > 0 ? (['id-content'] as const) : [])];

  // Held-out models for the leak rule, built on first use: two-fold CV on train (folds by a
  // content hash of the row, so exact copies share a fold) and train -> test.
  let cv: HeldOutNb | undefined;
  let tt: HeldOutNb | undefined;
  let binned: ReturnType<typeof binColumns> | undefined;
  const bins = (): ReturnType<typeof binColumns> => (binned ??= binColumns(columns, testColumns));
  const fold = new Uint8Array(n);
  for (let i = 0; i < n; i++) fold[i] = hashFloat64(row(x, i), 0x5eed) & 1;
  const nbCv = (): HeldOutNb => (cv ??= crossValidatedNb(bins().fit, y, fold, C));
  const nbTest = (): HeldOutNb => (tt ??= trainTestNb(bins().fit, y, bins().other!, C));
  const versusOn = (rows: ArrayLike<number>, aloneRight: (i: number) => boolean, othersRight: (i: number) => boolean): LeakComparison => {
    const a = new Uint8Array(rows.length);
    const o = new Uint8Array(rows.length);
    for (let k = 0; k < rows.length; k++) {
      a[k] = aloneRight(rows[k]!) ? 1 : 0;
      o[k] = othersRight(rows[k]!) ? 1 : 0;
    }
    return compareHeldOut(a, o, errorRatio, leakZ, rows.length);
  };
  const allRows = (m: number): Int32Array => Int32Array.from({ length: m }, (_, i) => i);
  // A stump scorer over some columns that remembers which column it picked when describing
  // (the id-column and leaked-column probes name it in their fix).
  const columnStumps = (probe: TabularProbeName, cols: readonly number[]): { scorer: Scorer; picked: () => number } => {
    const names = cols.map((j) => header[j]!);
    const base = stumpScorer(
      probe,
      buildStumpFeatures(
        cols.map((j) => sortable(columns[j]!)),
        names,
      ),
      C,
      classes,
      names,
    );
    let picked = -1;
    const scorer: Scorer = {
      ...base,
      score(labels, describe) {
        const r = base.score(labels, describe);
        if (describe) picked = lastFeature(base);
        return r;
      },
    };
    return { scorer, picked: () => picked };
  };

  const scorers: Scorer[] = [];
  for (const name of wanted) {
    if (name === 'id-content') {
      scorers.push(
        textIds.length > 0 ? idContentScorer(table.text!, textIds, classes, opts.seed) : abstainScorer(name, 'no text id column'),
      );
    } else if (name === 'row-order') {
      const position = new Float64Array(n);
      for (let i = 0; i < n; i++) position[i] = i;
      scorers.push({
        ...stumpScorer('row-order', buildStumpFeatures([position], ['row'], 0), C, classes, ['row position threshold']),
        explain: () => ({ fields: ['row order'], fix: 'shuffle the rows (before splitting): labels follow the position in the file' }),
      });
    } else if (name === 'label-sorted') {
      scorers.push({
        name,
        set: 'train',
        rule: 'permuted-null',
        signs: ["previous row's label"],
        score: (labels) => ({ hits: labelRunHits(labels), covered: Math.max(0, n - 1), sign: "previous row's label" }),
        explain: () => ({
          fields: ['row order'],
          fix: 'shuffle the rows: the file is sorted or grouped by label (long runs of one label)',
        }),
      });
    } else if (name === 'id-column') {
      if (idCols.length === 0) scorers.push(abstainScorer('id-column', 'no id-like column'));
      else {
        const s = columnStumps('id-column', idCols);
        scorers.push({
          ...s.scorer,
          explain: () => {
            const picked = s.picked();
            const col = picked >= 0 ? header[idCols[picked]!]! : header[idCols[0]!]!;
            return { fields: [col], fix: `drop \`${col}\` (an id): its values follow the label (ids assigned by class or time)` };
          },
        });
      }
    } else if (name === 'leaked-column') {
      if (otherCols.length === 0) scorers.push(abstainScorer('leaked-column', 'no feature column'));
      else {
        const s = columnStumps('leaked-column', otherCols);
        scorers.push({
          ...s.scorer,
          rule: 'beats-others',
          explain: () => {
            const picked = s.picked();
            if (picked < 0) return { fields: [], fix: 'no single column separates the label better than the majority class' };
            const j = otherCols[picked]!;
            const nb = nbCv();
            const versus = versusOn(
              allRows(n),
              (i) => nb.predictAlone(i, j) === y[i],
              (i) => nb.predictWithout(i, [j]) === y[i],
            );
            return {
              fields: [header[j]!],
              fix: `drop \`${header[j]}\` or rebuild it from data available before the outcome (alone it predicts the label better than all other columns together)`,
              versus,
            };
          },
        });
      }
    } else if (name === 'target-encoded') {
      scorers.push(
        C !== 2 ? abstainScorer('target-encoded', 'binary labels only') : targetScorer(columns, header, opts.minCovered, y, nbCv, versusOn),
      );
    } else if (name === 'missing-pattern') {
      scorers.push(missingScorer(columns, header, n, C, y, fold, nbCv, versusOn));
    } else if (name === 'duplicates') {
      scorers.push(
        test ? crossDuplicateScorer(x, y, test.x, test.y, C, header, nbTest, versusOn) : withinDuplicateScorer(x, y, C, nbCv, versusOn),
      );
    } else {
      scorers.push(
        test && testColumns
          ? nearDuplicateScorer(columns, y, testColumns, x, test.x, test.y, C, tolerance, nbTest, versusOn)
          : abstainScorer('near-duplicates', 'needs a test split'),
      );
    }
  }

  // Null: labels permuted across rows (per split), walking rows in a content order.
  const R = opts.permutations;
  const trainStrata = [canonicalOrder(rowKeys(x, y))];
  const testStrata = test ? [canonicalOrder(rowKeys(test.x, test.y))] : [];
  const nullAcc = scorers.map(() => new Float64Array(R));
  const permTrain = new Int32Array(n);
  const scratch = new Int32Array(Math.max(n, test?.x.rows ?? 0));
  const permTest = new Int32Array(test?.x.rows ?? 0);
  for (let r = 0; r < R; r++) {
    permuteWithinStrata(y, trainStrata, opts.seed, 'across-rows', r, permTrain, scratch);
    if (test) permuteWithinStrata(test.y, testStrata, opts.seed, 'across-rows-test', r, permTest, scratch);
    scorers.forEach((s, si) => {
      const res = s.score(s.set === 'train' ? permTrain : permTest, false);
      nullAcc[si]![r] = res.covered > 0 ? res.hits / res.covered : Number.NaN;
    });
  }

  const observed = scorers.map((s) => {
    const labels = s.set === 'train' ? y : test!.y;
    const obs = s.score(labels, true);
    return { ...obs, items: labels.length, accuracy: obs.covered > 0 ? obs.hits / obs.covered : Number.NaN };
  });
  // One draw permutes train and test labels for every scorer at once: the family is shared.
  const family = scoreFamily(
    scorers.map((_, si) => ({ covered: observed[si]!.covered, accuracy: observed[si]!.accuracy, minAccuracy: 0, draws: nullAcc[si]! })),
    opts.familyWise,
    opts.quantile,
    opts.minCovered,
    opts.margin,
  );

  const results: ProbeResult[] = scorers.map((s, si) => {
    const obs = observed[si]!;
    const nullFires = family.fires[si]!;
    // The leak comparison is computed for every probe that covers rows (both numbers are
    // reported), and required for firing under the beats-others rule.
    const ex = s.explain && obs.covered > 0 ? s.explain() : undefined;
    const fires = nullFires && (s.rule === 'permuted-null' || ex?.versus?.clear === true);
    return probeResult({
      name: s.name,
      fires,
      sign: obs.sign,
      signs: s.signs,
      items: obs.items,
      covered: obs.covered,
      hits: obs.hits,
      accuracy: obs.accuracy,
      nullKind: 'across-rows',
      decide: family.stats[si]!,
      threshold: family.thresholds[si]!,
      minAccuracy: 0,
      ...(s.note !== undefined ? { note: s.note } : {}),
      rule: s.rule,
      ...(ex?.versus !== undefined ? { versus: ex.versus } : {}),
      ...(ex !== undefined ? { fields: ex.fields, fix: ex.fix } : {}),
      ...(ex?.evidence !== undefined ? { evidence: ex.evidence } : {}),
    });
  });

  return assembleReport(
    {
      kind: 'tabular',
      items: n,
      probes: results,
      familyCritical: family.critical,
      itemsHash: tableHash(table),
      nullKind: 'across-rows',
      probeNames: scorers.map((s) => s.name),
    },
    options.receipt,
    opts,
  );
}

type VersusOn = (rows: ArrayLike<number>, aloneRight: (i: number) => boolean, othersRight: (i: number) => boolean) => LeakComparison;

function isIdLike(col: Float64Array, name: string, uniqueness: number): boolean {
  const n = col.length;
  // Cheap tests first: the distinct count (a Set of n values) only when it can decide.
  if (ID_NAME.test(name)) return new Set(col).size >= 0.5 * n;
  if (n < 20) return false;
  for (let i = 0; i < n; i++) if (!Number.isInteger(col[i]!)) return false;
  return new Set(col).size >= uniqueness * n;
}

interface StumpScorer extends Scorer {
  /** Column (index into the stump features) of the last described score; -1 for "always c". */
  lastFeature: number;
}

function stumpScorer(
  name: TabularProbeName,
  features: StumpFeatures,
  C: number,
  classes: readonly string[],
  signs: readonly string[],
): StumpScorer {
  const scratch = new Int32Array(64 * C);
  const self: StumpScorer = {
    name,
    set: 'train',
    rule: 'permuted-null',
    signs,
    lastFeature: -1,
    score(labels: Int32Array, describe: boolean) {
      const best = bestStump(features, labels, C, classes, describe, scratch);
      if (describe) self.lastFeature = best.feature;
      return { hits: best.hits, covered: features.n, sign: best.sign };
    },
  };
  return self;
}

function lastFeature(s: Scorer): number {
  return (s as StumpScorer).lastFeature;
}

function abstainScorer(name: TabularProbeName | 'id-content', note: string): Scorer {
  return { name, set: 'train', rule: 'permuted-null', signs: [], note, score: () => ({ hits: 0, covered: 0, sign: `– (${note})` }) };
}

/**
 * Target encoding, three forms: the column's value is its level's label rate with this row
 * included, plain or smoothed toward the label mean (m-estimate; inverted for each m of
 * M_ESTIMATES), or a leave-one-out rate (smoothed or not), whose spread within a category of
 * another column is the row's own label (the lower value on the rows labelled 1). Each form
 * and weight is a sign; the best is taken in the observed fit and in every null draw.
 */
function targetScorer(
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
function missingScorer(
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

/** Test rows that copy a train row get the train copies' majority label (fixed choices). */
function crossDuplicateScorer(
  train: Matrix,
  trainY: Int32Array,
  test: Matrix,
  testY: Int32Array,
  C: number,
  header: readonly string[],
  nbTest: () => HeldOutNb,
  versusOn: VersusOn,
): Scorer {
  const counts = new Map<string, Int32Array>();
  for (let i = 0; i < train.rows; i++) {
    const key = rowKey(train, i);
    let c = counts.get(key);
    if (!c) {
      c = new Int32Array(C);
      counts.set(key, c);
    }
    c[trainY[i]!]!++;
  }
  const choice = new Int32Array(test.rows).fill(-1);
  let duplicated = 0;
  for (let i = 0; i < test.rows; i++) {
    const c = counts.get(rowKey(test, i));
    if (!c) continue;
    duplicated++;
    choice[i] = majority(c, 0, C);
  }
  const covered: number[] = [];
  for (let i = 0; i < choice.length; i++) if (choice[i]! >= 0) covered.push(i);
  return {
    name: 'duplicates',
    set: 'test',
    rule: 'beats-others',
    signs: ['train → test copies'],
    note: `${duplicated} of ${test.rows} test rows copy a train row`,
    score: (labels) => choiceScore(choice, labels, 'train → test copies'),
    explain() {
      const nb = nbTest();
      const versus = versusOn(
        covered,
        (i) => choice[i] === testY[i],
        (i) => nb.predictWithout(i, []) === testY[i],
      );
      return {
        fields: [...header],
        fix: `dedupe train/test on all columns (${quote(header)}): ${duplicated} test rows copy a train row`,
        versus,
      };
    },
  };
}

/** Within one file: a row's other exact copies vote on its label (leave-one-out). */
function withinDuplicateScorer(x: Matrix, y: Int32Array, C: number, nbCv: () => HeldOutNb, versusOn: VersusOn): Scorer {
  const { group, sizes } = duplicateGroups(x);
  let dupRows = 0;
  for (let i = 0; i < group.length; i++) if (sizes[group[i]!]! > 1) dupRows++;
  return {
    name: 'duplicates',
    set: 'train',
    rule: 'beats-others',
    signs: ['within-file copies'],
    note: `${dupRows} of ${x.rows} rows have an exact copy in the file`,
    score(labels: Int32Array) {
      const res = duplicateVote(group, sizes, labels, C);
      return { hits: res.hits, covered: res.covered, sign: 'within-file copies (leave-one-out)' };
    },
    explain() {
      const right = duplicateVote(group, sizes, y, C, true).right!;
      const rows: number[] = [];
      for (let i = 0; i < y.length; i++) if (right[i]! < 2) rows.push(i);
      const nb = nbCv();
      const versus = versusOn(
        rows,
        (i) => right[i] === 1,
        (i) => nb.predictWithout(i, []) === y[i],
      );
      return { fields: ['all columns'], fix: `dedupe the file before splitting: ${dupRows} rows have an exact copy`, versus };
    },
  };
}

/** Test rows that nearly copy train rows (rounded to a grid; not exact copies) get the copies' majority label. */
function nearDuplicateScorer(
  trainCols: readonly Float64Array[],
  trainY: Int32Array,
  testCols: readonly Float64Array[],
  train: Matrix,
  test: Matrix,
  testY: Int32Array,
  C: number,
  tolerance: number,
  nbTest: () => HeldOutNb,
  versusOn: VersusOn,
): Scorer {
  const exactKeys = new Set<string>();
  for (let i = 0; i < train.rows; i++) exactKeys.add(rowKey(train, i));
  const exact = new Uint8Array(test.rows);
  for (let i = 0; i < test.rows; i++) if (exactKeys.has(rowKey(test, i))) exact[i] = 1;
  const { counts, matched } = nearDuplicateCounts(trainCols, trainY, testCols, exact, C, tolerance);
  const choice = new Int32Array(test.rows);
  const covered: number[] = [];
  for (let i = 0; i < test.rows; i++) {
    choice[i] = majority(counts, i * C, C);
    if (choice[i]! >= 0) covered.push(i);
  }
  return {
    name: 'near-duplicates',
    set: 'test',
    rule: 'beats-others',
    signs: ['train → test near-copies'],
    note: `${matched} of ${test.rows} test rows nearly copy a train row (within ${tolerance} sd per column, not exact)`,
    score: (labels) => choiceScore(choice, labels, 'train → test near-copies'),
    explain() {
      const nb = nbTest();
      const versus = versusOn(
        covered,
        (i) => choice[i] === testY[i],
        (i) => nb.predictWithout(i, []) === testY[i],
      );
      return {
        fields: ['all columns'],
        fix: `dedupe train/test after rounding each column to ${tolerance} sd: ${matched} test rows nearly copy a train row (jittered or re-exported copies)`,
        versus,
      };
    },
  };
}

function choiceScore(choice: Int32Array, labels: Int32Array, sign: string): { hits: number; covered: number; sign: string } {
  let hits = 0;
  let covered = 0;
  for (let i = 0; i < choice.length; i++) {
    if (choice[i]! < 0) continue;
    covered++;
    if (choice[i] === labels[i]) hits++;
  }
  return { hits, covered, sign };
}

function rowKeys(x: Matrix, y: Int32Array): string[] {
  const keys: string[] = [];
  for (let i = 0; i < x.rows; i++) keys.push(`${rowKey(x, i)}|${y[i]}`);
  return keys;
}

function tableHash(t: TabularAuditInput): string {
  // Header, then per split the row-major float64 bytes of the features and the int32 labels.
  const h = new Sha256();
  const add = (m: Matrix, y: Int32Array): void => {
    const buf = new Float64Array(m.cols);
    for (let i = 0; i < m.rows; i++) {
      const base = (m.offset ?? 0) + i * (m.stride ?? m.cols);
      for (let j = 0; j < m.cols; j++) {
        const v = m.data[base + j]!;
        buf[j] = v === 0 ? 0 : v;
      }
      h.update(new Uint8Array(buf.buffer));
    }
    h.update(new Uint8Array(y.buffer, y.byteOffset, y.byteLength));
  };
  h.update(`${t.header.join(',')}\n`);
  add(t.x, t.y);
  if (t.test) {
    h.update('--test--\n');
    add(t.test.x, t.test.y);
  }
  return h.hex();
}
