// Types of bench/alarmShapes.mjs (so src tests can import it under strict TS).
import type { AuditReport } from '../src/auditReport.js';

/** The audit functions the shapes call: the `@xai/audit` root or a build of it. */
export type AuditModule = typeof import('../src/index.js');

export declare function alarmShapes(A: AuditModule, options?: { readonly before?: boolean }): Record<string, (k: number) => AuditReport>;

export declare function alarmCount(audit: (k: number) => AuditReport, N: number): { any: number; perProbe: Record<string, number> };
