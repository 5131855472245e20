// Threshold rules (decision stumps) over some columns, and the scorer of a probe that cannot run.
import type { StumpFeatures } from './stumps.js';
import { bestStump, buildStumpFeatures } from './stumps.js';
import type { TabularProbeName } from '../tabular/runTabularAudit.js';
import type { Scorer } from '../tabular/scorer.js';
import type { TabularContext } from './tabularContext.js';

export interface StumpScorer extends Scorer {
  /** Column (index into the stump features) of the last described score; -1 for "always c". */
  lastFeature: number;
}

export function stumpScorer(
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

export function abstainScorer(name: TabularProbeName | 'id-content', note: string): Scorer {
  return { name, set: 'train', rule: 'permuted-null', signs: [], note, score: () => ({ hits: 0, covered: 0, sign: `– (${note})` }) };
}

// Stumps sort by value: a missing value sorts first (a cut "missing vs present" is possible).
const sortable = (col: Float64Array): Float64Array => (col.some(Number.isNaN) ? col.map((v) => (Number.isNaN(v) ? -Infinity : v)) : col);

/**
 * A stump scorer over some columns that remembers which column it picked when describing
 * (the id-column and leaked-column probes name it in their fix).
 */
export function columnStumps(
  ctx: TabularContext,
  probe: TabularProbeName,
  cols: readonly number[],
): { scorer: Scorer; picked: () => number } {
  const names = cols.map((j) => ctx.table.header[j]!);
  const features = buildStumpFeatures(
    cols.map((j) => sortable(ctx.columns[j]!)),
    names,
  );
  const base = stumpScorer(probe, features, ctx.C, ctx.classes, names);
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
}
