import type { AuditOptions, ResolvedAuditOptions } from '../auditOptions.js';
import type { AuditReceipt, AuditReport, NullKind, ProbeResult } from '../auditReport.js';
import { auditSummary } from '../auditSummary.js';
import { AUDIT_VERSION } from '../version.js';
import { auditPower, withPower } from './probePower.js';
import { receiptParams } from './receiptParams.js';

/** What differs between the report of `runAudit` and of `runTabularAudit`. */
export interface ReportParts {
  readonly kind: AuditReport['kind'];
  readonly items: number;
  readonly probes: readonly ProbeResult[];
  readonly familyCritical: number;
  readonly itemsHash: string;
  /** Recorded only when defined (generated multiple-choice corpora). */
  readonly corpus?: AuditReceipt['corpus'] | undefined;
  readonly nullKind: NullKind;
  readonly probeNames: readonly string[];
  /** The probes that learn from the labels (their below-chance cause is twins, not a reversed rule). */
  readonly learned: ReadonlySet<string>;
}

/**
 * The report with its summary line and receipt: the caller's receipt fields (command,
 * adapter, inputs), the content hash and the resolved options, in a fixed key order.
 */
export function assembleReport(parts: ReportParts, given: AuditOptions['receipt'], opts: ResolvedAuditOptions): AuditReport {
  const probes = parts.probes.map((p) => withPower(p, opts, parts.learned.has(p.name)));
  const power = auditPower(probes);
  return {
    kind: parts.kind,
    items: parts.items,
    probes,
    familyCritical: parts.familyCritical,
    summary: auditSummary(probes, power),
    power,
    receipt: {
      tool: '@xai/audit',
      version: AUDIT_VERSION,
      ...(given?.command !== undefined ? { command: given.command } : {}),
      ...(given?.adapter !== undefined ? { adapter: given.adapter } : {}),
      inputs: given?.inputs ?? [],
      itemsHash: parts.itemsHash,
      ...(parts.corpus !== undefined ? { corpus: parts.corpus } : {}),
      ...receiptParams(opts),
      nullKind: parts.nullKind,
      probes: parts.probeNames,
    },
  };
}
