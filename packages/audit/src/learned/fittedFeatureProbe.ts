import { hashString, intOption, numberOption } from '@xai/core';
import type { FeatureEvidence, FittedChooser, FittedProbe } from '../fittedProbe.js';
import type { BlindItem } from '../item.js';
import type { CrossFittedNb } from './crossFittedNb.js';
import { crossFittedNb, topClassFeatures } from './crossFittedNb.js';
import { readPart } from './partReader.js';
import type { SparseRows } from './sparseRows.js';
import { buildSparseRows } from './sparseRows.js';
import { contentFolds } from '../internal/twins.js';

/** One way of reading a part: its name (the sign reported) and its featuriser, built from all the texts read. */
export interface FeatureView {
  readonly name: string;
  readonly featurizer: (texts: readonly string[]) => (text: string, emit: (s: string) => void) => void;
}

/** How a fitted feature probe reads items: the part, how it becomes features, and the model's settings. */
export interface FeatureProbeSpec {
  readonly name: string;
  readonly description: string;
  readonly fix: string;
  /** 'candidates' scores each candidate (answer vs distractor); anything else is read per item (see readPart). */
  readonly part: string;
  /** What of a candidate the candidate mode reads. */
  readonly candidateField: 'text' | 'id';
  /**
   * The views, each a model of its own; with several, the view with the most hits on the answers
   * it is given is taken (in every null draw too: the selection is inside the null) and named
   * as the probe's sign. With one, the sign is 'learned'.
   */
  readonly views: readonly FeatureView[];
  /** The key items share a fold by (per-item parts), from the texts read. @defaultValue the texts themselves */
  readonly foldKey?: (texts: readonly string[]) => readonly string[];
  readonly folds: number;
  readonly alpha: number;
  readonly top: number;
}

/**
 * A cross-fitted naive Bayes probe over the features of one part of each item. Per-item parts
 * classify the item's answer index (for classification corpora: the class); 'candidates'
 * learns answer-vs-distractor from each candidate alone and bets on the candidate with the
 * highest log-odds. Folds come from the content (`contentFolds`): a repeated text and twin
 * items (the same item up to its answer) share a fold, and reordering the file changes
 * nothing. Ties (e.g. candidates without a kept feature) are broken by a hash of the item and
 * candidate ids, never by position and never by the label: the probe always commits, so its
 * accuracy in every null draw is over the same items (an abstaining learned rule would cover a
 * different, small set per draw).
 */
export function fittedFeatureProbe(spec: FeatureProbeSpec): FittedProbe {
  return {
    name: spec.name,
    description: spec.description,
    fields: [spec.part],
    fix: spec.fix,
    ...(spec.views.length > 1 ? { signs: spec.views.map((v) => v.name) } : {}),
    prepare: (items, seed) => (spec.part === 'candidates' ? prepareCandidates(spec, items, seed) : prepareItems(spec, items, seed)),
  };
}

/** One view's rows and model. */
interface ViewModel {
  readonly name: string;
  readonly x: SparseRows;
  readonly nb: CrossFittedNb;
}

/**
 * The chooser over a set of views: `pick(m, answers, out)` writes one view's choices; the best
 * view by hits is taken (ties: the first), and named when there are several.
 */
function viewChooser(
  models: readonly ViewModel[],
  n: number,
  pick: (m: ViewModel, answers: Int32Array, out: Int32Array) => void,
  hitsOf: (choices: Int32Array, answers: Int32Array) => number,
  evidence: (m: ViewModel, answers: Int32Array) => readonly FeatureEvidence[],
): FittedChooser {
  const scratch = new Int32Array(n);
  const best = (answers: Int32Array, out: Int32Array): number => {
    if (models.length === 1) {
      pick(models[0]!, answers, out);
      return 0;
    }
    let bestView = -1;
    let bestHits = -1;
    models.forEach((m, v) => {
      pick(m, answers, scratch);
      const hits = hitsOf(scratch, answers);
      if (hits > bestHits) {
        bestHits = hits;
        bestView = v;
        out.set(scratch);
      }
    });
    return bestView;
  };
  return {
    choose(answers, out) {
      const v = best(answers, out);
      return models.length > 1 ? models[v]!.name : undefined;
    },
    evidence(answers) {
      const v = best(answers, new Int32Array(n));
      return evidence(models[v]!, answers);
    },
  };
}

function prepareItems(spec: FeatureProbeSpec, items: readonly BlindItem[], seed: number): FittedChooser {
  const fn = spec.name;
  const n = items.length;
  const texts = items.map((item) => readPart(item, spec.part, fn));
  const folds = contentFolds(items, spec.foldKey ? spec.foldKey(texts) : texts, spec.folds, seed);
  let C = 0;
  for (const item of items) C = Math.max(C, item.candidates.length);
  const models = spec.views.map((view) => {
    const featurize = view.featurizer(texts);
    const x = buildSparseRows(n, (r, emit) => featurize(texts[r]!, emit));
    return { name: view.name, x, nb: crossFittedNb(x, C, folds, spec.folds, spec.alpha) };
  });
  const scores = new Float64Array(n * C);
  const ties = new Uint32Array(n * C);
  const k = Int32Array.from(items, (item) => item.candidates.length);
  items.forEach((item, i) => {
    for (let c = 0; c < C; c++) ties[i * C + c] = hashString(`${item.id}\u0000${c}`, seed);
  });
  const classNames = Array.from({ length: C }, (_, c) => {
    const names = new Set(items.map((item) => item.candidates[c]?.text));
    return names.size === 1 ? String([...names][0]) : `index ${c}`;
  });
  return viewChooser(
    models,
    n,
    (m, answers, out) => {
      m.nb.scores(answers, scores);
      for (let i = 0; i < n; i++) out[i] = argmaxByKey(scores, ties, i * C, k[i]!);
    },
    (choices, answers) => {
      let hits = 0;
      for (let i = 0; i < n; i++) if (choices[i] === answers[i]) hits++;
      return hits;
    },
    (m, answers) => {
      m.nb.scores(answers, scores);
      const share = new Float64Array(C);
      for (let i = 0; i < n; i++) share[answers[i]!]! += 1 / n;
      return named(topClassFeatures(m.nb.counts, share, m.x.vocabulary, spec.top, 5), classNames, m.x.names);
    },
  );
}

function prepareCandidates(spec: FeatureProbeSpec, items: readonly BlindItem[], seed: number): FittedChooser {
  const n = items.length;
  const first = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) first[i + 1] = first[i]! + items[i]!.candidates.length;
  const rows = first[n]!;
  const owner = new Int32Array(rows);
  const ties = new Uint32Array(rows);
  const texts: string[] = [];
  items.forEach((item, i) =>
    item.candidates.forEach((c) => {
      owner[texts.length] = i;
      ties[texts.length] = hashString(`${item.id}\u0000${c.id}`, seed);
      texts.push(spec.candidateField === 'id' ? c.id : c.text);
    }),
  );
  // An item's candidates in any order are one key: a mirrored item lists them the other way round.
  const own = items.map((_, i) =>
    texts
      .slice(first[i]!, first[i + 1]!)
      .sort()
      .join('\u0000'),
  );
  const itemFold = contentFolds(items, own, spec.folds, seed);
  const folds = Int32Array.from(owner, (i) => itemFold[i]!);
  const models = spec.views.map((view) => {
    const featurize = view.featurizer(texts);
    const x = buildSparseRows(rows, (r, emit) => featurize(texts[r]!, emit));
    return { name: view.name, x, nb: crossFittedNb(x, 2, folds, spec.folds, spec.alpha) };
  });
  const labels = new Int32Array(rows);
  const scores = new Float64Array(rows * 2);
  const logOdds = new Float64Array(rows);
  const setLabels = (answers: Int32Array): void => {
    for (let r = 0; r < rows; r++) labels[r] = r - first[owner[r]!]! === answers[owner[r]!] ? 1 : 0;
  };
  return viewChooser(
    models,
    n,
    (m, answers, out) => {
      setLabels(answers);
      m.nb.scores(labels, scores);
      for (let r = 0; r < rows; r++) logOdds[r] = scores[2 * r + 1]! - scores[2 * r]!;
      for (let i = 0; i < n; i++) out[i] = argmaxByKey(logOdds, ties, first[i]!, first[i + 1]! - first[i]!);
    },
    (choices, answers) => {
      let hits = 0;
      for (let i = 0; i < n; i++) if (choices[i] === answers[i]) hits++;
      return hits;
    },
    (m, answers) => {
      setLabels(answers);
      m.nb.scores(labels, scores);
      const share = new Float64Array(2);
      for (let r = 0; r < rows; r++) share[labels[r]!]! += 1 / rows;
      return named(topClassFeatures(m.nb.counts, share, m.x.vocabulary, spec.top, 5), ['distractor', 'answer'], m.x.names);
    },
  );
}

/** Index (relative to `offset`) of the largest of `len` values; ties go to the smallest key. */
function argmaxByKey(values: Float64Array, keys: Uint32Array, offset: number, len: number): number {
  let best = 0;
  for (let j = 1; j < len; j++) {
    const v = values[offset + j]!;
    const b = values[offset + best]!;
    if (v > b || (v === b && keys[offset + j]! < keys[offset + best]!)) best = j;
  }
  return best;
}

function named(
  top: readonly { cls: number; feature: number; count: number; total: number; z: number }[],
  classNames: readonly string[],
  names: readonly string[],
): FeatureEvidence[] {
  return top.map((t) => ({ label: classNames[t.cls]!, feature: names[t.feature]!, count: t.count, total: t.total, z: t.z }));
}

/** Checks the shared numeric settings of the fitted probes' factories. */
export function checkFitSettings(fn: string, folds: number, alpha: number, top: number): void {
  intOption(folds, fn, 'folds', { min: 2, max: 20 });
  numberOption(alpha, fn, 'alpha', { above: 0 });
  intOption(top, fn, 'top', { min: 0 });
}
