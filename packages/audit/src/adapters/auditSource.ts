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

/**
 * How a file laid out its items, for the battery the adapters build: which ids are real and
 * which other fields ride along.
 * @since 0.3.0
 */
export interface ItemsLayout {
  /** Item ids from a field of the file, or derived from the content (then no id probe reads them). */
  readonly itemIds: 'field' | 'content';
  /** Candidate ids from the file, one per candidate ('field'), or names every item shares (column names, classes: 'fixed'). */
  readonly candidateIds: 'field' | 'fixed';
  /** Other item-level fields carried along: checked for copies of the label and for id-like values. */
  readonly fields: readonly string[];
  /** Rows skipped for want of a label or answer. */
  readonly skipped: number;
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
      /** How the file laid out its items (file adapters set it; the battery follows from it). */
      readonly layout?: ItemsLayout;
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
