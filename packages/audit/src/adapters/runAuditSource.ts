import type { AuditReport } from '../auditReport.js';
import type { RunAuditOptions } from '../runAudit.js';
import { runAudit } from '../runAudit.js';
import type { TabularAuditOptions, TabularProbeName } from '../tabular/runTabularAudit.js';
import { runTabularAudit } from '../tabular/runTabularAudit.js';
import type { AuditSource } from './auditSource.js';

/** Options for either kind of source: `probes` apply to items, `tabularProbes` to tables. */
export interface RunAuditSourceOptions extends RunAuditOptions, Omit<TabularAuditOptions, 'probes'> {
  readonly tabularProbes?: readonly TabularProbeName[];
}

/**
 * Audits what an adapter loaded, with its input hashes (and corpus address) in the receipt.
 * @since 0.1.0
 */
export function runAuditSource(source: AuditSource, options: RunAuditSourceOptions = {}, adapter?: string): AuditReport {
  const receipt = {
    ...options.receipt,
    inputs: source.inputs,
    ...(adapter !== undefined ? { adapter } : {}),
    ...(source.kind === 'items' && source.corpus ? { corpus: source.corpus } : {}),
  };
  const { probes, decisionNull, tabularProbes, leakAccuracy, idUniqueness, ...common } = options;
  if (source.kind === 'items') {
    return runAudit(source.items, { ...common, ...(probes ? { probes } : {}), ...(decisionNull ? { decisionNull } : {}), receipt });
  }
  return runTabularAudit(source.table, {
    ...common,
    ...(tabularProbes ? { probes: tabularProbes } : {}),
    ...(leakAccuracy !== undefined ? { leakAccuracy } : {}),
    ...(idUniqueness !== undefined ? { idUniqueness } : {}),
    receipt,
  });
}
