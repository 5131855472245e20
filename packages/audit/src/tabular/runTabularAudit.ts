import type { Matrix } from '@xai/core';
import { XaiError, row } from '@xai/core';
import type { AuditReport, ProbeResult } from '../auditReport.js';
import type { AuditOptions } from '../auditOptions.js';
import { resolveAuditOptions } from '../auditOptions.js';
import { createSha256 } from '../internal/sha256.js';
import { assembleReport } from '../internal/assembleReport.js';
import { duplicateGroups, duplicateVote, rowKey } from '../internal/duplicateRows.js';
import { probeResult } from '../internal/probeResult.js';
import { scoreFamily } from '../internal/scoreFamily.js';
import { canonicalOrder, permuteWithinStrata } from '../internal/nullDraws.js';
import type { StumpFeatures } from '../internal/stumps.js';
import { bestStump, buildStumpFeatures } from '../internal/stumps.js';
import type { TabularAuditInput } from './tabularAuditInput.js';
import { assertTabularInput } from './tabularAuditInput.js';

/** The tabular probes, in report order. */
export const TABULAR_PROBE_NAMES = ['row-order', 'id-column', 'leaked-column', 'duplicates'] as const;
export type TabularProbeName = (typeof TABULAR_PROBE_NAMES)[number];

export interface TabularAuditOptions extends AuditOptions {
  /** Which tabular probes to run. @defaultValue all four */
  readonly probes?: readonly TabularProbeName[];
  /** A single column "leaks" only if its best rule reaches this accuracy. @defaultValue 0.98 */
  readonly leakAccuracy?: number;
  /** An integer column is id-like when this fraction of its values is distinct. @defaultValue 0.99 */
  readonly idUniqueness?: number;
}

export const TABULAR_DEFAULTS = { leakAccuracy: 0.98, idUniqueness: 0.99 } as const;

const ID_NAME = /^(id|idx|index|row|rowid|row_id|row-id|.*[_-]id)$/i;

/** A rule fitted on labels; a null draw refits it on permuted labels. */
interface Scorer {
  readonly name: TabularProbeName;
  /** 'train' rows or 'test' rows are the items it is scored on. */
  readonly set: 'train' | 'test';
  readonly minAccuracy: number;
  readonly signs: readonly string[];
  readonly note?: string;
  score(labels: Int32Array, describe: boolean): { hits: number; covered: number; sign: string };
}

/**
 * Audits a labelled table with partial-input rules that should never predict a label:
 * row order, an id-like column, a single column that alone separates the label (a leak;
 * it must also reach `leakAccuracy`), and exact duplicate rows (train -> test when a test
 * split is given, else within the file). Each rule is fitted on the labels, so its null
 * refits it on labels permuted across rows, R times (the fitting is inside the null).
 * @since 0.1.0
 */
export function runTabularAudit(table: TabularAuditInput, options: TabularAuditOptions = {}): AuditReport {
  const fn = 'runTabularAudit';
  const classes = assertTabularInput(table, fn);
  const opts = resolveAuditOptions(options, fn);
  const leakAccuracy = options.leakAccuracy ?? TABULAR_DEFAULTS.leakAccuracy;
  const idUniqueness = options.idUniqueness ?? TABULAR_DEFAULTS.idUniqueness;
  if (!(leakAccuracy > 0 && leakAccuracy <= 1)) throw new XaiError('BAD_OPTION', `leakAccuracy must be in (0, 1], got ${leakAccuracy}`, { fn, arg: 'leakAccuracy', value: leakAccuracy });
  if (!(idUniqueness > 0 && idUniqueness <= 1)) throw new XaiError('BAD_OPTION', `idUniqueness must be in (0, 1], got ${idUniqueness}`, { fn, arg: 'idUniqueness', value: idUniqueness });
  const wanted = options.probes ?? TABULAR_PROBE_NAMES;
  for (const p of wanted) if (!(TABULAR_PROBE_NAMES as readonly string[]).includes(p)) throw new XaiError('BAD_OPTION', `unknown tabular probe "${p}" (known: ${TABULAR_PROBE_NAMES.join(', ')})`, { fn, arg: 'probes', value: p });
  const C = classes.length;
  const { x, y } = table;
  const n = x.rows;

  const columns: Float64Array[] = [];
  for (let j = 0; j < x.cols; j++) {
    const col = new Float64Array(n);
    for (let i = 0; i < n; i++) col[i] = x.data[(x.offset ?? 0) + i * (x.stride ?? x.cols) + j]!;
    columns.push(col);
  }
  const idCols: number[] = [];
  const otherCols: number[] = [];
  for (let j = 0; j < x.cols; j++) (isIdLike(columns[j]!, table.header[j]!, idUniqueness) ? idCols : otherCols).push(j);

  const scorers: Scorer[] = [];
  for (const name of wanted) {
    if (name === 'row-order') {
      const position = new Float64Array(n);
      for (let i = 0; i < n; i++) position[i] = i;
      scorers.push(stumpScorer('row-order', buildStumpFeatures([position], ['row'], 0), C, classes, 0, ['row position threshold']));
    } else if (name === 'id-column') {
      if (idCols.length === 0) scorers.push(abstainScorer('id-column', 'no id-like column'));
      else scorers.push(stumpScorer('id-column', buildStumpFeatures(idCols.map((j) => columns[j]!), idCols.map((j) => table.header[j]!)), C, classes, 0, idCols.map((j) => table.header[j]!)));
    } else if (name === 'leaked-column') {
      if (otherCols.length === 0) scorers.push(abstainScorer('leaked-column', 'no feature column'));
      else scorers.push(stumpScorer('leaked-column', buildStumpFeatures(otherCols.map((j) => columns[j]!), otherCols.map((j) => table.header[j]!)), C, classes, leakAccuracy, otherCols.map((j) => table.header[j]!)));
    } else {
      scorers.push(table.test ? crossDuplicateScorer(x, y, table.test.x, C) : withinDuplicateScorer(x, C));
    }
  }

  // Null: labels permuted across rows (per split), walking rows in a content order.
  const R = opts.permutations;
  const trainStrata = [canonicalOrder(rowKeys(x, y))];
  const testStrata = table.test ? [canonicalOrder(rowKeys(table.test.x, table.test.y))] : [];
  const nullAcc = scorers.map(() => new Float64Array(R));
  const permTrain = new Int32Array(n);
  const scratch = new Int32Array(Math.max(n, table.test?.x.rows ?? 0));
  const permTest = new Int32Array(table.test?.x.rows ?? 0);
  for (let r = 0; r < R; r++) {
    permuteWithinStrata(y, trainStrata, opts.seed, 'across-rows', r, permTrain, scratch);
    if (table.test) permuteWithinStrata(table.test.y, testStrata, opts.seed, 'across-rows-test', r, permTest, scratch);
    scorers.forEach((s, si) => {
      const res = s.score(s.set === 'train' ? permTrain : permTest, false);
      nullAcc[si]![r] = res.covered > 0 ? res.hits / res.covered : Number.NaN;
    });
  }

  const observed = scorers.map((s) => {
    const labels = s.set === 'train' ? y : table.test!.y;
    const obs = s.score(labels, true);
    return { ...obs, items: labels.length, accuracy: obs.covered > 0 ? obs.hits / obs.covered : Number.NaN };
  });
  // One draw permutes train and test labels for every scorer at once: the family is shared.
  const family = scoreFamily(scorers.map((s, si) => ({ covered: observed[si]!.covered, accuracy: observed[si]!.accuracy, minAccuracy: s.minAccuracy, draws: nullAcc[si]! })), opts.familyWise, opts.quantile, opts.minCovered, opts.margin);

  const results: ProbeResult[] = scorers.map((s, si) => {
    const obs = observed[si]!;
    return probeResult({
      name: s.name,
      fires: family.fires[si]!,
      sign: obs.sign,
      signs: s.signs,
      items: obs.items,
      covered: obs.covered,
      hits: obs.hits,
      accuracy: obs.accuracy,
      nullKind: 'across-rows',
      decide: family.stats[si]!,
      threshold: family.thresholds[si]!,
      minAccuracy: s.minAccuracy,
      ...(s.note !== undefined ? { note: s.note } : {}),
    });
  });

  return assembleReport({
    kind: 'tabular',
    items: n,
    probes: results,
    familyCritical: family.critical,
    itemsHash: tableHash(table),
    nullKind: 'across-rows',
    probeNames: scorers.map((s) => s.name),
  }, options.receipt, opts);
}

function isIdLike(col: Float64Array, name: string, uniqueness: number): boolean {
  const n = col.length;
  const distinct = new Set(col).size;
  if (ID_NAME.test(name) && distinct >= 0.5 * n) return true;
  if (n < 20) return false;
  for (let i = 0; i < n; i++) if (!Number.isInteger(col[i]!)) return false;
  return distinct >= uniqueness * n;
}

function stumpScorer(name: TabularProbeName, features: StumpFeatures, C: number, classes: readonly string[], minAccuracy: number, signs: readonly string[]): Scorer {
  const scratch = new Int32Array(64 * C);
  return {
    name,
    set: 'train',
    minAccuracy,
    signs,
    score(labels: Int32Array, describe: boolean) {
      const best = bestStump(features, labels, C, classes, describe, scratch);
      return { hits: best.hits, covered: features.n, sign: best.sign };
    },
  };
}

function abstainScorer(name: TabularProbeName, note: string): Scorer {
  return { name, set: 'train', minAccuracy: 0, signs: [], note, score: () => ({ hits: 0, covered: 0, sign: `– (${note})` }) };
}

/** Test rows that copy a train row get the train copies' majority label (fixed choices). */
function crossDuplicateScorer(train: Matrix, trainY: Int32Array, test: Matrix, C: number): Scorer {
  const counts = new Map<string, Int32Array>();
  for (let i = 0; i < train.rows; i++) {
    const key = rowKey(train, i);
    let c = counts.get(key);
    if (!c) counts.set(key, (c = new Int32Array(C)));
    c[trainY[i]!]!++;
  }
  const choice = new Int32Array(test.rows).fill(-1);
  let duplicated = 0;
  for (let i = 0; i < test.rows; i++) {
    const c = counts.get(rowKey(test, i));
    if (!c) continue;
    duplicated++;
    let best = 0;
    let tied = false;
    for (let k = 1; k < C; k++) {
      if (c[k]! > c[best]!) { best = k; tied = false; }
      else if (c[k] === c[best]) tied = true;
    }
    if (!tied) choice[i] = best;
  }
  return {
    name: 'duplicates',
    set: 'test',
    minAccuracy: 0,
    signs: ['train → test copies'],
    note: `${duplicated} of ${test.rows} test rows copy a train row`,
    score(labels: Int32Array) {
      let hits = 0;
      let covered = 0;
      for (let i = 0; i < choice.length; i++) {
        if (choice[i]! < 0) continue;
        covered++;
        if (choice[i] === labels[i]) hits++;
      }
      return { hits, covered, sign: 'train → test copies' };
    },
  };
}

/** Within one file: a row's other exact copies vote on its label (leave-one-out). */
function withinDuplicateScorer(x: Matrix, C: number): Scorer {
  const { group, sizes } = duplicateGroups(x);
  let dupRows = 0;
  for (let i = 0; i < group.length; i++) if (sizes[group[i]!]! > 1) dupRows++;
  return {
    name: 'duplicates',
    set: 'train',
    minAccuracy: 0,
    signs: ['within-file copies'],
    note: `${dupRows} of ${x.rows} rows have an exact copy in the file`,
    score(labels: Int32Array) {
      const res = duplicateVote(group, sizes, labels, C);
      return { ...res, sign: 'within-file copies (leave-one-out)' };
    },
  };
}

function rowKeys(x: Matrix, y: Int32Array): string[] {
  const keys: string[] = [];
  for (let i = 0; i < x.rows; i++) keys.push(`${rowKey(x, i)}|${y[i]}`);
  return keys;
}

function tableHash(t: TabularAuditInput): string {
  const h = createSha256();
  const add = (m: Matrix, y: Int32Array): void => {
    for (let i = 0; i < m.rows; i++) h.update(`${Array.prototype.join.call(row(m, i), ',')}|${y[i]}\n`);
  };
  h.update(`${t.header.join(',')}\n`);
  add(t.x, t.y);
  if (t.test) {
    h.update('--test--\n');
    add(t.test.x, t.test.y);
  }
  return h.digest();
}
