import type { Summary } from './summarize.js';

import { SE_CONVENTIONS } from './summarize.js';
import { isApproximateCell, noteOf } from '../inputs/modelNotes.js';
import { csvText } from '../report/escapeText.js';

// The same key names (camelCase) as summary.json's cells and controls.
const HEADER = [
  'dataset',
  'model',
  'explainer',
  'kind',
  'metric',
  'mean',
  'se',
  'count',
  'undefined',
  'logMean',
  'logSe',
  'median',
  'q25',
  'q75',
  'planned',
  'partial',
  'floor',
  'floorExplainer',
  'null',
  'liftOverFloor',
  'liftOverNull',
  'liftOverFloorSe',
  'liftOverNullSe',
  'seConvention',
  'runPartial',
  'approximateGradients',
  'modelProblem',
];

function num(v: number | null | undefined): string {
  return v === null || v === undefined || Number.isNaN(v) ? '' : String(v);
}

/**
 * `summary.csv`: one line per dataset x model x explainer (or control) x metric with mean, SE,
 * count, undefined count, the stability extras, planned instances and whether the cell is
 * partial, and, for explainers, the floor, the null, the lifts over both and their paired SEs; the SE convention
 * and the run's coverage on every line. Column names are summary.json's keys. Empty cells are
 * undefined values.
 * @since 0.1.0
 */
export function summaryToCsv(summary: Summary): string {
  const lines = [HEADER.join(',')];
  for (const c of summary.cells) {
    const ctl =
      c.kind === 'explainer'
        ? summary.controls.find(
            (k) => k.dataset === c.dataset && k.model === c.model && k.explainer === c.explainer && k.metric === c.metric,
          )
        : undefined;
    lines.push(
      [
        csvText(c.dataset),
        csvText(c.model),
        c.explainer,
        c.kind,
        c.metric,
        num(c.mean),
        num(c.se),
        String(c.count),
        String(c.undefined),
        num(c.logMean),
        num(c.logSe),
        num(c.median),
        num(c.q25),
        num(c.q75),
        c.planned === undefined ? '' : String(c.planned),
        c.partial === undefined ? '' : String(c.partial),
        num(ctl?.floor),
        ctl?.floorExplainer ?? '',
        num(ctl?.null),
        num(ctl?.liftOverFloor),
        num(ctl?.liftOverNull),
        num(ctl?.liftOverFloorSe),
        num(ctl?.liftOverNullSe),
        csvText(`${SE_CONVENTIONS.se}; ${SE_CONVENTIONS.logSe}`),
        // Every line says when the whole file is partial (a shard, a damaged results file): CSV has no other place for it.
        summary.coverage === undefined
          ? ''
          : csvText(summary.coverage.partial ? `partial: ${summary.coverage.reasons.join(' | ')}` : 'complete'),
        // Scores of gradient-based explainers on a finite-difference model, and a model that failed its sanity check.
        summary.models === undefined ? '' : String(isApproximateCell(summary.models, c.dataset, c.model, c.explainer)),
        summary.models === undefined ? '' : (noteOf(summary.models, c.dataset, c.model)?.modelProblem ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
