import type { ProbeResult } from '../auditReport.js';
import type { NullSummary } from './nullStats.js';

/** What a runner knows about one probe; coverage, lift and the null columns are derived. */
export type ProbeLine = Omit<
  ProbeResult,
  'coverage' | 'lift' | 'nullMean' | 'nullSd' | 'nullUpper' | 'marginalNullMean' | 'marginalNullUpper'
> & {
  /** The decision null's summary. */
  readonly decide: NullSummary;
  /** The second null's summary (multiple choice only). */
  readonly marginal?: NullSummary | undefined;
};

/**
 * One probe's report line, shared by `runAudit` and `runTabularAudit` so both derive
 * coverage and lift alike and emit the keys in the same order.
 */
export function probeResult(line: ProbeLine): ProbeResult {
  const { decide, marginal, note, rule, versus, fields, fix, evidence } = line;
  return {
    name: line.name,
    fires: line.fires,
    sign: line.sign,
    signs: line.signs,
    items: line.items,
    covered: line.covered,
    coverage: line.covered / line.items,
    hits: line.hits,
    accuracy: line.accuracy,
    nullKind: line.nullKind,
    nullMean: decide.mean,
    nullSd: decide.sd,
    nullUpper: decide.upper,
    threshold: line.threshold,
    lift: line.accuracy - decide.mean,
    ...(marginal !== undefined ? { marginalNullMean: marginal.mean, marginalNullUpper: marginal.upper } : {}),
    minAccuracy: line.minAccuracy,
    ...(note !== undefined ? { note } : {}),
    ...(rule !== undefined ? { rule } : {}),
    ...(versus !== undefined ? { versus } : {}),
    ...(fields !== undefined ? { fields } : {}),
    ...(fix !== undefined ? { fix } : {}),
    ...(evidence !== undefined ? { evidence } : {}),
  };
}
