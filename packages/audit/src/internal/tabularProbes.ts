// The tabular battery as a table: one scorer builder per probe name, in report order, so a
// probe is added in one place and an unknown name cannot fall through to another probe.
import type { TabularProbeName } from '../tabular/runTabularAudit.js';
import type { Scorer } from '../tabular/scorer.js';
import { idContentScorer } from '../tabular/idContentScorer.js';
import { buildStumpFeatures } from './stumps.js';
import { labelRunHits } from './tabularRules.js';
import type { TabularContext } from './tabularContext.js';
import { crossDuplicateScorer, nearDuplicateScorer, withinDuplicateScorer } from './tabularCopyScorers.js';
import { missingScorer, targetScorer } from './tabularLeakScorers.js';
import { abstainScorer, columnStumps, stumpScorer } from './tabularStumps.js';

/** Builds one probe's scorer from the table's context. */
export type TabularProbeBuilder = (ctx: TabularContext) => Scorer;

function rowOrder(ctx: TabularContext): Scorer {
  const position = new Float64Array(ctx.n);
  for (let i = 0; i < ctx.n; i++) position[i] = i;
  return {
    ...stumpScorer('row-order', buildStumpFeatures([position], ['row'], 0), ctx.C, ctx.classes, ['row position threshold']),
    explain: () => ({ fields: ['row order'], fix: 'shuffle the rows (before splitting): labels follow the position in the file' }),
  };
}

function idColumn(ctx: TabularContext): Scorer {
  const { idCols } = ctx;
  const header = ctx.table.header;
  if (idCols.length === 0) return abstainScorer('id-column', 'no id-like column');
  const s = columnStumps(ctx, 'id-column', idCols);
  return {
    ...s.scorer,
    explain: () => {
      const picked = s.picked();
      const col = picked >= 0 ? header[idCols[picked]!]! : header[idCols[0]!]!;
      return { fields: [col], fix: `drop \`${col}\` (an id): its values follow the label (ids assigned by class or time)` };
    },
  };
}

function leakedColumn(ctx: TabularContext): Scorer {
  const { otherCols, n } = ctx;
  const { header, y } = ctx.table;
  if (otherCols.length === 0) return abstainScorer('leaked-column', 'no feature column');
  const s = columnStumps(ctx, 'leaked-column', otherCols);
  return {
    ...s.scorer,
    rule: 'beats-others',
    explain: () => {
      const picked = s.picked();
      if (picked < 0) return { fields: [], fix: 'no single column separates the label better than the majority class' };
      const j = otherCols[picked]!;
      const nb = ctx.nbCv();
      const versus = ctx.versusOn(
        Int32Array.from({ length: n }, (_, i) => i),
        (i) => nb.predictAlone(i, j) === y[i],
        (i) => nb.predictWithout(i, [j]) === y[i],
      );
      return {
        fields: [header[j]!],
        fix: `drop \`${header[j]}\` or rebuild it from data available before the outcome (alone it predicts the label better than all other columns together)`,
        versus,
      };
    },
  };
}

function labelSorted(ctx: TabularContext): Scorer {
  const { n } = ctx;
  return {
    name: 'label-sorted',
    set: 'train',
    rule: 'permuted-null',
    signs: ["previous row's label"],
    score: (labels) => ({ hits: labelRunHits(labels), covered: Math.max(0, n - 1), sign: "previous row's label" }),
    explain: () => ({ fields: ['row order'], fix: 'shuffle the rows: the file is sorted or grouped by label (long runs of one label)' }),
  };
}

function duplicates(ctx: TabularContext): Scorer {
  const { x, y, test, header } = ctx.table;
  return test
    ? crossDuplicateScorer(x, y, test.x, test.y, ctx.C, header, ctx.nbTest, ctx.versusOn)
    : withinDuplicateScorer(x, y, ctx.C, ctx.nbCv, ctx.versusOn);
}

function nearDuplicates(ctx: TabularContext): Scorer {
  if (!ctx.table.test || !ctx.testColumns) return abstainScorer('near-duplicates', 'needs a test split');
  return nearDuplicateScorer(ctx);
}

/** Every tabular probe's builder, by name. */
export const TABULAR_PROBES: Readonly<Record<TabularProbeName | 'id-content', TabularProbeBuilder>> = {
  'row-order': rowOrder,
  'id-column': idColumn,
  'leaked-column': leakedColumn,
  duplicates,
  'label-sorted': labelSorted,
  'target-encoded': (ctx) =>
    ctx.C !== 2
      ? abstainScorer('target-encoded', 'binary labels only')
      : targetScorer(ctx.columns, ctx.table.header, ctx.settings.minCovered, ctx.table.y, ctx.nbCv, ctx.versusOn),
  'missing-pattern': (ctx) => missingScorer(ctx.columns, ctx.table.header, ctx.n, ctx.C, ctx.table.y, ctx.fold, ctx.nbCv, ctx.versusOn),
  'near-duplicates': nearDuplicates,
  'id-content': (ctx) =>
    ctx.textIds.length > 0
      ? idContentScorer(ctx.table.text!, ctx.textIds, ctx.classes, ctx.settings.seed)
      : abstainScorer('id-content', 'no text id column'),
};
