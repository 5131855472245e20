// `@xai/audit/node`: everything of the root entry plus the pieces that read files or run
// commands (Node only): the file adapters, the `xai audit` runner and the receipts ledger.
export * from './index.js';
export * from './adapters/classificationAdapter.js';
export * from './adapters/columnsAdapter.js';
export * from './adapters/csvAdapter.js';
export * from './adapters/jsonlAdapter.js';
export * from './adapters/readInput.js';
export * from './adapters/writeReportFile.js';
export * from './receipts/recordLedgerEntry.js';
export * from './receipts/verifyLedger.js';
export * from './runAuditCommand.js';
