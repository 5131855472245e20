import type { FireRule, LeakComparison } from '../auditReport.js';
import type { FeatureEvidence } from '../fittedProbe.js';
import type { TabularProbeName } from './runTabularAudit.js';

/** A rule fitted on labels; a null draw refits it on permuted labels. */
export interface Scorer {
  readonly name: TabularProbeName | 'id-content';
  /** 'train' rows or 'test' rows are the items it is scored on. */
  readonly set: 'train' | 'test';
  readonly signs: readonly string[];
  readonly rule: FireRule;
  readonly note?: string;
  score(labels: Int32Array, describe: boolean): { hits: number; covered: number; sign: string };
  /** After the observed score: the columns involved, the fix, and (leak rule) the comparison. */
  explain?(): { fields: readonly string[]; fix: string; versus?: LeakComparison; evidence?: readonly FeatureEvidence[] };
}
