// @xai/audit: the shortcut audit (probes scored against permuted-label nulls) and the
// floor/null controls for explanation metrics. Browser-safe: nothing here imports a Node
// built-in; file and process I/O (file adapters, the CLI runner, the receipts ledger) is in
// `@xai/audit/node`, which re-exports this entry.
export * from './adapters/auditSource.js';
export * from './adapters/classificationSource.js';
export * from './adapters/columnsSource.js';
export * from './adapters/csvSource.js';
export * from './adapters/demoAdapter.js';
export * from './adapters/itemsToJsonl.js';
export * from './adapters/jsonlSource.js';
export * from './adapters/parseCsvTable.js';
export * from './adapters/parseJsonlItems.js';
export * from './adapters/runAuditSource.js';
export * from './auditEnvelope.js';
export * from './auditFlags.js';
export * from './auditMode.js';
export * from './auditOptions.js';
export * from './auditReport.js';
export * from './auditSummary.js';
export * from './controls.js';
export * from './demo/generateDemoClassification.js';
export * from './demo/generateDemoCorpus.js';
export * from './demo/generateDemoTable.js';
export * from './demo/withTargetEncoding.js';
export * from './fittedProbe.js';
export * from './formatAuditTable.js';
export * from './formatEnvelope.js';
export * from './formatPercent.js';
export * from './item.js';
export * from './labelCopies.js';
export * from './learned/bagOfWordsProbe.js';
export * from './learned/classificationProbes.js';
export * from './learned/idContentProbe.js';
export * from './learned/sourceBattery.js';
export * from './parseAuditArgs.js';
export * from './probe.js';
export * from './probes/index.js';
export * from './receipts/ledger.js';
export * from './runAudit.js';
export * from './tabular/runTabularAudit.js';
export * from './tabular/tabularAuditInput.js';
export * from './tabular/tabularItems.js';
export * from './version.js';
