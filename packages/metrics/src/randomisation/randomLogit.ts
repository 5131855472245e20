import { XaiError, checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { AnyPreset, Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare, rowRng } from '../internal/common.js';
import { anyPresetOption, seedOption } from '../internal/options.js';
import { SSIM_WINDOW, checkSimilarity, similarityFn } from '../internal/similarity.js';
import type { Similarity } from '../internal/similarity.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';
import { RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link randomLogit}. @since 0.2.0 */
export interface RandomLogitOptions {
  /**
   * Similarity of the two explanations. @defaultValue 'spearman' (signed) for a 2-class model,
   * 'spearman-abs' (Quantus) otherwise: with two classes ∂p₁/∂x = −∂p₀/∂x, so Spearman of |e| is
   * exactly 1 for every gradient-family explainer and the test cannot tell them from a shortcut.
   */
  readonly similarity?: Similarity;
  /**
   * `quantus`: Quantus' RandomLogit defaults — SSIM (skimage's, window 7: needs d ≥ 7) of the two
   * explanations, each batch divided by its largest |value| first (normalise=True, abs=False).
   * The off class is still drawn from our keyed stream (Quantus draws it with np.random.seed(42)).
   * Every other preset: the similarity above on the raw explanations. @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<RandomLogitOptions> = ['similarity', 'seed', 'preset'];

/** {@link randomLogit}'s result, with the random class drawn for each row. @since 0.2.0 */
export interface RandomLogitResult extends MetricResult {
  readonly randomTargets: Int32Array;
  /** The similarity used (the 2-class default differs, see {@link RandomLogitOptions.similarity}). */
  readonly similarity: Similarity;
}

/** Static facts about the random-logit test. @since 0.2.0 */
export const randomLogitInfo = {
  id: 'RANDOM_LOGIT',
  name: 'Random-logit similarity',
  family: 'randomisation',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Sixt et al. 2020, "When Explanations Lie: Why Many Modified BP Attributions Fail", §5 (random logit); Quantus RandomLogit',
  representation: 'classes',
  definedWhen: `${NOT_CONSTANT}; SSIM needs d ≥ 7`,
  peer: quantusPeer('RandomLogit'),
  seeded: true,
  valueModels: false,
  floorMeaningful: true,
  floorNote:
    'meaningful: a class-independent shortcut scores similarity 1 (fails the check); with 2 classes only under the signed default (Spearman of |e| is exactly 1 for every gradient-family explainer there, since ∂p₁/∂x = −∂p₀/∂x)',
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
  presetNotes: {
    quantus: {
      floorNote:
        'meaningful: a class-independent shortcut gives two equal explanations, SSIM 1 (fails the check); with 2 classes too, since quantus compares signed explanations',
      nullNote:
        'not meaningful: under quantus the similarity is SSIM over windows of 7 neighbouring features, so a fixed permutation of both explanations changes the score only through the order of the features, which tabular data does not have (it measures the permutation, not the explainer), and a fresh one per call measures the permutation alone',
    },
  },
} as const;

/**
 * Random-logit test (Sixt et al. 2020): the similarity between the explanation of the target
 * class and that of a class c' ≠ target drawn uniformly per row (stream keyed by the row's
 * content and `seed`), Spearman of |e| by default (Quantus). A class-sensitive explanation
 * differs: lower is better. For a 2-class model the default is signed Spearman: ∂p₁/∂x =
 * −∂p₀/∂x, so a gradient scores exactly 1 on |e| (uninformative) and −1 signed, while a
 * class-independent shortcut scores 1 either way. NOT_SUPPORTED for a model with one output.
 * One explain call.
 * @example randomLogit({ x, model, explain }).mean
 * @since 0.2.0
 */
export function randomLogit(input: ExtendedMetricInput, options: RandomLogitOptions = {}): RandomLogitResult {
  const fn = 'randomLogit';
  const o = checkOptions(options, KEYS, fn);
  const seed = seedOption(o.seed ?? 0, fn);
  const p = prepare(fn, input, ['model', 'explain']);
  const C = p.model.classes;
  if (C < 2) throw new XaiError('NOT_SUPPORTED', 'random-logit needs at least 2 classes (outputs)', { fn, arg: 'input.model', value: C });
  const quantus = anyPresetOption(o.preset, fn) === 'quantus';
  const kind = checkSimilarity(o.similarity ?? (quantus ? 'ssim' : C === 2 ? 'spearman' : 'spearman-abs'), fn);
  if (kind === 'ssim' && p.d < SSIM_WINDOW)
    throw new XaiError(
      'NOT_SUPPORTED',
      `SSIM needs at least ${SSIM_WINDOW} features (skimage's window), got ${p.d}; pass options.similarity`,
      {
        fn,
        arg: 'options.similarity',
        value: kind,
      },
    );
  const sim = similarityFn(kind, p.d);
  const randomTargets = new Int32Array(p.n);
  for (let i = 0; i < p.n; i++) {
    const c = rowRng(p.x, i, seed, fn).int(C - 1);
    randomTargets[i] = c >= p.targets[i]! ? c + 1 : c;
  }
  const raw0 = p.given ? p.attributions : p.explain(p.model, p.x, p.targets);
  const raw1 = p.explain(p.model, p.x, randomTargets);
  const e0 = quantus ? byBatchMax(raw0) : raw0;
  const e1 = quantus ? byBatchMax(raw1) : raw1;
  const values = new Float64Array(p.n);
  for (let i = 0; i < p.n; i++) values[i] = sim(row(e0, i), row(e1, i));
  return { ...summarizeValues('RANDOM_LOGIT', values), randomTargets, similarity: kind };
}

/** Quantus' normalise_by_max over the whole batch (signed; an all-zero batch is unchanged). */
function byBatchMax(e: Matrix): Matrix {
  let max = 0;
  for (let i = 0; i < e.rows; i++) for (const v of row(e, i)) max = Math.max(max, Math.abs(v));
  const out = matrix(e.rows, e.cols);
  for (let i = 0; i < e.rows; i++) {
    const r = row(e, i);
    for (let j = 0; j < e.cols; j++) out.data[i * e.cols + j] = max > 0 ? r[j]! / max : r[j]!;
  }
  return out;
}
