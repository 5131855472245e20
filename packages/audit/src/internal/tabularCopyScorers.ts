// The beats-others probes on rows: exact copies (within the file or train -> test) and near-copies.
import type { Matrix } from '@xai/core';
import { duplicateGroups, duplicateVote, rowKey } from './duplicateRows.js';
import type { HeldOutNb } from './naiveBayes.js';
import { majority, nearDuplicateCounts } from './tabularRules.js';
import type { Scorer } from '../tabular/scorer.js';
import type { TabularContext, VersusOn } from './tabularContext.js';
import { quoteColumns as quote } from './quoteColumns.js';

/** Test rows that copy a train row get the train copies' majority label (fixed choices). */
export function crossDuplicateScorer(
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
export function withinDuplicateScorer(x: Matrix, y: Int32Array, C: number, nbCv: () => HeldOutNb, versusOn: VersusOn): Scorer {
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

/**
 * Test rows that nearly copy train rows (rounded to a grid; not exact copies) get the copies'
 * majority label. Needs the context's test split (`table.test`, `testColumns`).
 */
export function nearDuplicateScorer(ctx: TabularContext): Scorer {
  const { x: train, y: trainY } = ctx.table;
  const { x: test, y: testY } = ctx.table.test!;
  const { columns: trainCols, C, nbTest, versusOn } = ctx;
  const testCols = ctx.testColumns!;
  const tolerance = ctx.settings.nearTolerance;
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
