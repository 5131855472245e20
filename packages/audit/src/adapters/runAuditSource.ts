import { checkOptions } from '@xai/core';
import type { AuditReport } from '../auditReport.js';
import type { RunAuditOptions } from '../runAudit.js';
import { runAudit } from '../runAudit.js';
import type { TabularAuditOptions, TabularProbeName } from '../tabular/runTabularAudit.js';
import { TABULAR_OPTION_KEYS, runTabularAudit } from '../tabular/runTabularAudit.js';
import { classificationProbes } from '../learned/classificationProbes.js';
import type { AuditSource } from './auditSource.js';

/**
 * Options for either kind of source: `probes` apply to items (a classification source
 * defaults to `classificationProbes` and the across-items null), `tabularProbes` to tables.
 */
export interface RunAuditSourceOptions extends RunAuditOptions, Omit<TabularAuditOptions, 'probes'> {
  readonly tabularProbes?: readonly (TabularProbeName | 'id-content')[];
}

const RUN_AUDIT_SOURCE_KEYS = [...TABULAR_OPTION_KEYS, 'decisionNull', 'tabularProbes'] as const;

/**
 * Audits what an adapter loaded, with its input hashes (and corpus address) in the receipt.
 * @example
 *   const report = runAuditSource(csvSource({ name: 'train.csv', content: text }), { permutations: 100 });
 * @since 0.1.0
 */
export function runAuditSource(source: AuditSource, options: RunAuditSourceOptions = {}, adapter?: string): AuditReport {
  const receipt = {
    ...options.receipt,
    inputs: source.inputs,
    ...(adapter !== undefined ? { adapter } : {}),
    ...(source.kind === 'items' && source.corpus ? { corpus: source.corpus } : {}),
  };
  checkOptions(options, RUN_AUDIT_SOURCE_KEYS, 'runAuditSource');
  const { probes, decisionNull, tabularProbes, idUniqueness, leakErrorRatio, leakZ, nearTolerance, ...common } = options;
  if (source.kind === 'items') {
    // A classification corpus: its own battery, labels permuted across rows.
    const info = source.classification;
    const battery = probes ?? (info ? classificationProbes(info) : undefined);
    const nullKind = decisionNull ?? (info ? 'across-items' : undefined);
    return runAudit(source.items, {
      ...common,
      ...(battery ? { probes: battery } : {}),
      ...(nullKind ? { decisionNull: nullKind } : {}),
      receipt,
    });
  }
  return runTabularAudit(source.table, {
    ...common,
    ...(tabularProbes ? { probes: tabularProbes } : {}),
    ...(idUniqueness !== undefined ? { idUniqueness } : {}),
    ...(leakErrorRatio !== undefined ? { leakErrorRatio } : {}),
    ...(leakZ !== undefined ? { leakZ } : {}),
    ...(nearTolerance !== undefined ? { nearTolerance } : {}),
    receipt,
  });
}
