import { checkOptions } from '@xai/core';
import { resolveAuditOptions } from '../auditOptions.js';
import type { ResolvedAuditOptions } from '../auditOptions.js';
import { auditSummary } from '../auditSummary.js';
import { rowKey } from '../internal/duplicateRows.js';
import { canonicalOrder } from '../internal/nullDraws.js';
import type { FieldValues } from '../labelCopies.js';
import { findLabelCopies, labelCopyResult } from '../labelCopies.js';
import type { AuditReport } from '../auditReport.js';
import type { RunAuditOptions } from '../runAudit.js';
import { runAudit } from '../runAudit.js';
import type { TabularAuditOptions, TabularProbeName } from '../tabular/runTabularAudit.js';
import { TABULAR_OPTION_KEYS, runTabularAudit } from '../tabular/runTabularAudit.js';
import { sourceBattery } from '../learned/sourceBattery.js';
import type { AuditSource } from './auditSource.js';

/**
 * Options for either kind of source: `probes` apply to items (a classification source
 * defaults to the across-items null), `tabularProbes` to tables.
 */
export interface RunAuditSourceOptions extends RunAuditOptions, Omit<TabularAuditOptions, 'probes'> {
  readonly tabularProbes?: readonly (TabularProbeName | 'id-content')[];
}

const RUN_AUDIT_SOURCE_KEYS = [...TABULAR_OPTION_KEYS, 'decisionNull', 'tabularProbes'] as const;

/**
 * Audits what an adapter loaded, with its input hashes (and corpus address) in the receipt.
 * Without `probes`, a file's items get the battery of their layout (`sourceBattery`: ids and
 * id-like fields included); then every field that is a one-to-one recoding of the label is
 * reported as `label-copy` (the exact-match check, `findLabelCopies`).
 * @example
 *   const report = runAuditSource(csvSource({ name: 'train.csv', content: text }), { permutations: 100 });
 * @since 0.1.0
 */
export function runAuditSource(source: AuditSource, options: RunAuditSourceOptions = {}, adapter?: string): AuditReport {
  const report = runBattery(source, options, adapter);
  return withLabelCopies(report, source, resolveAuditOptions(options, 'runAuditSource'));
}

function runBattery(source: AuditSource, options: RunAuditSourceOptions, adapter: string | undefined): AuditReport {
  const receipt = {
    ...options.receipt,
    inputs: source.inputs,
    ...(adapter !== undefined ? { adapter } : {}),
    ...(source.kind === 'items' && source.corpus ? { corpus: source.corpus } : {}),
  };
  checkOptions(options, RUN_AUDIT_SOURCE_KEYS, 'runAuditSource');
  const { probes, decisionNull, tabularProbes, idUniqueness, leakErrorRatio, leakZ, nearTolerance, ...common } = options;
  if (source.kind === 'items') {
    // The battery follows from the layout (ids and id-like fields included); classification permutes labels across rows.
    const info = source.classification;
    const battery = probes ?? (info || source.layout ? sourceBattery(source) : undefined);
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

/**
 * The exact-match check: fields (item fields the adapter carried along, or table columns) that
 * are a one-to-one recoding of the label, appended as `label-copy` lines (rule 'exact-match').
 */
function withLabelCopies(report: AuditReport, source: AuditSource, opts: ResolvedAuditOptions): AuditReport {
  const { fields, labels, order } = labelCopyInputs(source);
  const copies = findLabelCopies(fields, labels, opts.minCovered);
  if (copies.length === 0) return report;
  const extra = copies.map((c) =>
    labelCopyResult(c, fields.find((f) => f.name === c.field)!.values, labels, order, opts, report.receipt.nullKind),
  );
  const probes = [...report.probes, ...extra];
  return {
    ...report,
    probes,
    summary: auditSummary(probes, report.power),
    receipt: { ...report.receipt, probes: [...report.receipt.probes, ...extra.map((p) => p.name)] },
  };
}

/** The fields checked for label copies, the labels by row and a content order of the rows. */
function labelCopyInputs(source: AuditSource): { fields: FieldValues[]; labels: Int32Array; order: Int32Array } {
  if (source.kind === 'items') {
    const { items } = source;
    const text = (v: unknown): string | undefined =>
      typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
    return {
      fields: [
        ...new Set([...(source.classification?.text ?? []), ...(source.layout?.fields ?? []), ...(source.layout ? ['query'] : [])]),
      ].map((name) => ({ name, values: items.map((it) => text(it[name])) })),
      labels: Int32Array.from(items, (it) => it.answer),
      order: canonicalOrder(items.map((it) => it.id)),
    };
  }
  const { x, y, header } = source.table;
  const fields = header.map((name, j) => {
    const words = source.table.text?.[name];
    const values = Array.from({ length: x.rows }, (_, i) => {
      if (words) return words[i];
      const v = x.data[(x.offset ?? 0) + i * (x.stride ?? x.cols) + j]!;
      return Number.isNaN(v) ? undefined : String(v);
    });
    return { name, values };
  });
  return { fields, labels: y, order: canonicalOrder(Array.from({ length: x.rows }, (_, i) => `${rowKey(x, i)}|${y[i]}`)) };
}
