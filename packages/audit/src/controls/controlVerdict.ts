// The verdict every report, leaderboard and page writes beside a score: does the explainer beat
// both of its controls (the floor and the null), does it not, or can that not be tested here?
// One wording, so the bench's report, its leaderboard and the explorer say the same thing.

/** z of the one-sided margin a lift must clear: 1.96 standard errors. */
export const VERDICT_Z = 1.96;

/** The three verdicts. */
export type VerdictKind = 'beats' | 'fails' | 'untestable';

/** The mark and the words of each verdict, written the same everywhere. */
export const VERDICT_WORDS: Readonly<Record<VerdictKind, { readonly mark: string; readonly words: string }>> = {
  beats: { mark: '✓', words: 'beats both controls' },
  fails: { mark: '✕', words: 'does not beat both controls' },
  untestable: { mark: '○', words: 'not testable here' },
};

/** Why a score cannot be set against its controls in some settings (the reason printed with "not testable here"). */
export const UNTESTABLE_REASONS = {
  linearGroundTruth:
    "LR: the global floor is the model's own weights, which are the ground truth, so it already scores the best possible value and no explainer can beat it; read the value (1 = agrees with the weights)",
  linearPredictionGap:
    'LR with every feature perturbed alike (all continuous, one noise scale): the global floor ranks the features by |weight|, which maximises the expected change of the output under that noise, so an explainer can at best tie it on PGU and PGI',
  stability:
    'stability has no control to beat: a constant explanation (the floor) is perfectly stable and permuting features does not change it; compare explainers with each other',
  noFiniteControl: 'no control has a finite value here',
} as const;

/** A lift over one control: positive = better by the metric's direction; its standard error when known. */
export interface ControlLift {
  readonly lift: number | null;
  readonly se?: number | null;
}

/** What a verdict is drawn from. A control that does not apply to the metric is `null`. */
export interface ControlVerdictInput {
  readonly overFloor: ControlLift | null;
  readonly overNull: ControlLift | null;
  /** A reason the comparison cannot be won in this setting ({@link untestableReason}); wins over the lifts. */
  readonly untestable?: string | null;
}

/** A verdict: its kind, mark and words, and the reason (untestable) or what was not beaten (fails). */
export interface ControlVerdict {
  readonly kind: VerdictKind;
  readonly mark: string;
  readonly words: string;
  readonly detail: string | null;
}

const finiteLift = (c: ControlLift | null): c is ControlLift & { lift: number } => c !== null && c.lift !== null && Number.isFinite(c.lift);

function shortfall(name: string, c: ControlLift & { lift: number }, z: number): string | null {
  const margin = z * (c.se !== undefined && c.se !== null && Number.isFinite(c.se) ? c.se : 0);
  if (c.lift > margin) return null;
  if (c.lift === 0) return `ties the ${name}`;
  return c.lift < -margin ? `below the ${name}` : `within noise of the ${name}`;
}

/**
 * The verdict of one score: `beats` when every control that applies and has a finite value is
 * beaten by more than `z` standard errors of the lift (the lift itself when its SE is unknown);
 * `fails` otherwise, naming the control not beaten (ties, within noise of, below); `untestable`
 * when the caller gives a reason or no control has a finite value.
 * @example controlVerdict({ overFloor: { lift: 0.09, se: 0.01 }, overNull: { lift: 0.2, se: 0.01 } }).mark // '✓'
 * @since 0.3.0
 */
export function controlVerdict(input: ControlVerdictInput, z = VERDICT_Z): ControlVerdict {
  const make = (kind: VerdictKind, detail: string | null): ControlVerdict => ({ kind, ...VERDICT_WORDS[kind], detail });
  if (input.untestable) return make('untestable', input.untestable);
  const controls = [
    ['floor', input.overFloor],
    ['null', input.overNull],
  ] as const;
  const finite = controls.filter((c): c is readonly [(typeof c)[0], ControlLift & { lift: number }] => finiteLift(c[1]));
  if (finite.length === 0) return make('untestable', UNTESTABLE_REASONS.noFiniteControl);
  const missed = finite.map(([name, c]) => shortfall(name, c, z)).filter((s): s is string => s !== null);
  return missed.length === 0 ? make('beats', null) : make('fails', missed.join('; '));
}

/** The metrics whose score depends only on which features are in the top-k set (a linear model's floor ties the best). */
const PREDICTION_GAP_METRICS: readonly string[] = ['PGU', 'PGI'];

/** What decides whether a metric can be tested against its controls on a dataset x model. */
export interface UntestableContext {
  /** The metric's family: 'ground-truth', 'prediction', 'stability' (RIS, RRS, ROS), or an extended family ('robustness', …). */
  readonly family: string;
  /** The model is linear (logistic regression): its global floor is its weight vector. */
  readonly linearModel: boolean;
  /** The ground truth is the model's own weights (w1 − w0 of a binary LR). */
  readonly groundTruthIsModel: boolean;
  /**
   * PGU/PGI perturb every feature with the same distribution in the model's input space (no
   * discrete flips or one-hot groups, one absolute noise scale). Only then does ranking by |weight|
   * maximise a linear model's output change; with flips or per-column scales an explainer can beat
   * the floor, so the comparison is testable. Unknown (undefined) counts as not alike.
   */
  readonly uniformPerturbation?: boolean;
}

/**
 * Why `metric` cannot be tested against its controls here, or null when it can: stability and
 * robustness never (the floor is a constant explanation, the most stable there is; the null
 * equals the score or is not meaningful); on a linear model, the
 * ground-truth metrics when the ground truth is its weights (the global floor is the ground truth)
 * and PGU/PGI when every feature is perturbed alike (ranking by |weight| is then optimal).
 * @example untestableReason('FA', { family: 'ground-truth', linearModel: true, groundTruthIsModel: true }) // UNTESTABLE_REASONS.linearGroundTruth
 * @since 0.3.0
 */
export function untestableReason(metric: string, context: UntestableContext): string | null {
  if (context.family === 'stability' || context.family === 'robustness') return UNTESTABLE_REASONS.stability;
  if (!context.linearModel) return null;
  if (context.family === 'ground-truth' && context.groundTruthIsModel) return UNTESTABLE_REASONS.linearGroundTruth;
  if (PREDICTION_GAP_METRICS.includes(metric) && context.uniformPerturbation === true) return UNTESTABLE_REASONS.linearPredictionGap;
  return null;
}
