import type { ResolvedAuditOptions } from './auditOptions.js';
import type { FeatureEvidence } from './fittedProbe.js';

/** Which permutation scheme a null column uses. */
export type NullKind = 'within-item' | 'across-items' | 'across-rows';

/** One probe's line in an audit report. Rates are fractions in [0, 1]; NaN when undefined. */
export interface ProbeResult {
  readonly name: string;
  /** Accuracy beats the decision null's upper quantile by the margin, with enough coverage. */
  readonly fires: boolean;
  /** The direction the probe took on the data (e.g. 'shortest', 'index 0'). */
  readonly sign: string;
  /** Every sign that was tried (the selection is repeated inside each null draw). */
  readonly signs: readonly string[];
  /** Items the probe was run on (the coverage denominator). */
  readonly items: number;
  /** Items it committed on, and the fraction. */
  readonly covered: number;
  readonly coverage: number;
  /** Correct among covered, and the fraction (NaN when nothing is covered). */
  readonly hits: number;
  readonly accuracy: number;
  /** Decision null: mean and upper quantile of the accuracy under permuted labels. */
  readonly nullKind: NullKind;
  readonly nullMean: number;
  /** Standard deviation of the decision null's draws. */
  readonly nullSd: number;
  /** Upper quantile of this probe's own null (per-probe bound). */
  readonly nullUpper: number;
  /**
   * The bound accuracy must beat by more than the margin to fire: under the family-wise
   * rule (default) nullMean + critical · nullSd, else nullUpper.
   */
  readonly threshold: number;
  /** accuracy - nullMean. */
  readonly lift: number;
  /** Second column (multiple choice): answer positions permuted across items. */
  readonly marginalNullMean?: number;
  readonly marginalNullUpper?: number;
  /** Extra requirement on accuracy for this probe (e.g. a leaked column must nearly separate). */
  readonly minAccuracy: number;
  /** Short remark (e.g. which column, why it abstains). */
  readonly note?: string;
  /**
   * Which rule decides firing: 'permuted-null' (the null rule alone: the rule should carry
   * no information at all, e.g. row order, an id) or 'beats-others' (the null rule *and* the
   * leak rule: alone it predicts held-out labels clearly better than a model on all the
   * other columns; see `versus`), or 'exact-match' (a field that is a one-to-one recoding of the
   * label, found before any learning: `label-copy`).
   */
  readonly rule?: FireRule;
  /** The leak rule's two numbers (rule 'beats-others'). */
  readonly versus?: LeakComparison;
  /** The columns or fields the probe's rule uses (named in the report when it fires). */
  readonly fields?: readonly string[];
  /** A one-line fix suggestion ("drop `X`", "dedupe train/test ..."). */
  readonly fix?: string;
  /** Fitted probes: the most predictive features per class on the observed labels, with counts. */
  readonly evidence?: readonly FeatureEvidence[];
  /** What this probe could have seen at this size (absent for rules that fire by exact match). */
  readonly power?: ProbePower;
  /**
   * Set when accuracy is below the null's lower bound (mean − (bound − mean) − margin), with the
   * likely cause: for a learned probe twins with opposite answers in the data or items filtered
   * against a baseline; for a rule a reversed cue or such filtering. A floor below chance is
   * reported, never read as a clean result.
   */
  readonly belowChance?: string;
}

/**
 * The power of one probe at this size: the lift over the null mean at which it fires
 * (`liftToFire` = bound + margin − null mean) and the lift it detects with probability `power`
 * (`minimumDetectableLift` = liftToFire + z_power · null sd, the accuracy's spread under a cue
 * taken as the null's). A quiet probe cannot rule out a cue below `minimumDetectableLift`.
 * NaN where the probe cannot fire (too few covered items, no defined null).
 * @since 0.3.0
 */
export interface ProbePower {
  readonly liftToFire: number;
  readonly minimumDetectableLift: number;
  readonly power: number;
}

/**
 * The power of the audit: the smallest minimum detectable lift over its probes (the most
 * sensitive one, named); a quiet audit cannot rule out a cue below it.
 * @since 0.3.0
 */
export interface AuditPower {
  readonly minimumDetectableLift: number;
  readonly probe: string;
  readonly power: number;
}

/** Which rule decides whether a probe fires (see `ProbeResult.rule`). @since 0.2.0 */
export type FireRule = 'permuted-null' | 'beats-others' | 'exact-match';

/**
 * The leak rule on held-out rows: accuracy of the suspect alone (a column, the copies' vote,
 * the missing pattern) and of a model on all the other columns (naive Bayes over binned
 * columns), on the same `rows`; `z` is the paired (McNemar) statistic; `clear` when the
 * suspect's error is at most `leakErrorRatio` × the others' error and z ≥ `leakZ`.
 * @since 0.2.0
 */
export interface LeakComparison {
  readonly alone: number;
  readonly others: number;
  readonly rows: number;
  readonly z: number;
  readonly clear: boolean;
}

/** Hash of one input of an audit. */
export interface InputHash {
  readonly name: string;
  readonly sha256: string;
  readonly bytes?: number;
}

/**
 * What is needed to re-run an audit and get the same numbers: the resolved options
 * (seed, permutations, quantile, margin, minCovered, familyWise) and the fields below.
 */
export interface AuditReceipt extends ResolvedAuditOptions {
  readonly tool: '@xai/audit';
  readonly version: string;
  /** The command line that produced it, when run from one. */
  readonly command?: string;
  readonly adapter?: string;
  readonly inputs: readonly InputHash[];
  /** sha256 of the audited items (canonical JSON lines) or table. */
  readonly itemsHash: string;
  /** Generated corpora: the content address and its recipe. */
  readonly corpus?: { readonly id: string; readonly generator: string; readonly seed: number; readonly params: unknown };
  readonly nullKind: NullKind;
  readonly probes: readonly string[];
}

/** The result of `runAudit` / `runTabularAudit`. */
export interface AuditReport {
  readonly kind: 'items' | 'tabular';
  /** Items (or rows) audited. */
  readonly items: number;
  readonly probes: readonly ProbeResult[];
  /**
   * Max-T critical value: the `quantile` of the per-draw maximum standardised excess over
   * the probes that can fire (NaN with familyWise 'none' or when no probe can fire).
   */
  readonly familyCritical: number;
  /** One line with the shortcut floor and the null together (and, when quiet, what could not be ruled out). */
  readonly summary: string;
  /** The smallest lift the audit would have detected (see `AuditPower`). */
  readonly power: AuditPower;
  readonly receipt: AuditReceipt;
}

/** The machine-readable form printed by `--json`. */
export interface AuditJson {
  readonly probes: readonly {
    name: string;
    fires: boolean;
    sign: string;
    coverage: number | null;
    accuracy: number | null;
    nullMean: number | null;
    nullUpper: number | null;
    lift: number | null;
    threshold: number | null;
    nullSd: number | null;
    covered: number;
    items: number;
    hits: number;
    nullKind: NullKind;
    marginalNullMean?: number | null;
    marginalNullUpper?: number | null;
    note?: string;
    rule?: FireRule;
    versus?: { alone: number | null; others: number | null; rows: number; z: number | null; clear: boolean };
    fields?: readonly string[];
    fix?: string;
    evidence?: readonly FeatureEvidence[];
    power?: { liftToFire: number | null; minimumDetectableLift: number | null; power: number };
    belowChance?: string;
  }[];
  readonly items: number;
  readonly familyCritical: number | null;
  readonly summary: string;
  readonly power: { minimumDetectableLift: number | null; probe: string; power: number };
  readonly receipt: AuditReceipt;
}

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * The JSON shape of a report: `{"probes":[{"name","fires","sign","coverage","accuracy",
 * "nullMean","nullUpper","lift","threshold","nullSd",...}],"items","familyCritical","summary","receipt"}`; undefined rates are null.
 * @since 0.1.0
 */
export function toAuditJson(report: AuditReport): AuditJson {
  return {
    probes: report.probes.map((p) => ({
      name: p.name,
      fires: p.fires,
      sign: p.sign,
      coverage: num(p.coverage),
      accuracy: num(p.accuracy),
      nullMean: num(p.nullMean),
      nullUpper: num(p.nullUpper),
      lift: num(p.lift),
      threshold: num(p.threshold),
      nullSd: num(p.nullSd),
      covered: p.covered,
      items: p.items,
      hits: p.hits,
      nullKind: p.nullKind,
      ...(p.marginalNullMean !== undefined
        ? { marginalNullMean: num(p.marginalNullMean), marginalNullUpper: num(p.marginalNullUpper ?? Number.NaN) }
        : {}),
      ...(p.note !== undefined ? { note: p.note } : {}),
      ...(p.rule !== undefined ? { rule: p.rule } : {}),
      ...(p.versus !== undefined
        ? {
            versus: {
              alone: num(p.versus.alone),
              others: num(p.versus.others),
              rows: p.versus.rows,
              z: num(p.versus.z),
              clear: p.versus.clear,
            },
          }
        : {}),
      ...(p.fields !== undefined ? { fields: p.fields } : {}),
      ...(p.fix !== undefined ? { fix: p.fix } : {}),
      ...(p.evidence !== undefined ? { evidence: p.evidence } : {}),
      ...(p.power !== undefined
        ? {
            power: { liftToFire: num(p.power.liftToFire), minimumDetectableLift: num(p.power.minimumDetectableLift), power: p.power.power },
          }
        : {}),
      ...(p.belowChance !== undefined ? { belowChance: p.belowChance } : {}),
    })),
    items: report.items,
    familyCritical: num(report.familyCritical),
    summary: report.summary,
    power: { ...report.power, minimumDetectableLift: num(report.power.minimumDetectableLift) },
    receipt: report.receipt,
  };
}
