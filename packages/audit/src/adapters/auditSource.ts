import type { InputHash } from '../auditReport.js';
import type { Item } from '../item.js';
import type { ClassificationInfo } from './classificationSource.js';
import type { TabularAuditInput } from '../tabular/tabularAuditInput.js';

/** A generated corpus' content address and recipe, for the receipt. */
export interface CorpusRef {
  readonly id: string;
  readonly generator: string;
  readonly seed: number;
  readonly params: unknown;
}

/** What an adapter hands to the audit: items or a table, plus the hashes of its inputs. */
export type AuditSource =
  | {
      readonly kind: 'items';
      readonly name: string;
      readonly items: readonly Item[];
      readonly inputs: readonly InputHash[];
      readonly corpus?: CorpusRef;
      /** Classification corpora: the fields and what was skipped (the battery and null follow from it). */
      readonly classification?: ClassificationInfo;
    }
  | { readonly kind: 'tabular'; readonly name: string; readonly table: TabularAuditInput; readonly inputs: readonly InputHash[] };

/**
 * Bring your own adapter: anything that turns your format into an `AuditSource`.
 * @example
 *   const mcqAdapter: AuditAdapter<{ rows: MyRow[] }> = {
 *     name: 'mcq',
 *     load: ({ rows }) => ({ kind: 'items', name: 'mcq', inputs: [], items: rows.map(toItem) }),
 *   };
 *   const report = runAuditSource(await mcqAdapter.load({ rows }));
 * @since 0.1.0
 */
export interface AuditAdapter<Options> {
  readonly name: string;
  load(options: Options): AuditSource | Promise<AuditSource>;
}
