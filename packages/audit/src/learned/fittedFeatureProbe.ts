import { hashString, intOption, numberOption } from '@xai/core';
import type { FeatureEvidence, FittedChooser, FittedProbe } from '../fittedProbe.js';
import type { BlindItem } from '../item.js';
import { crossFittedNb, topClassFeatures } from './crossFittedNb.js';
import { readPart } from './partReader.js';
import { buildSparseRows } from './sparseRows.js';

/** How a fitted feature probe reads items: the part, how it becomes features, and the model's settings. */
export interface FeatureProbeSpec {
  readonly name: string;
  readonly description: string;
  readonly fix: string;
  /** 'candidates' scores each candidate (answer vs distractor); anything else is read per item (see readPart). */
  readonly part: string;
  /** What of a candidate the candidate mode reads. */
  readonly candidateField: 'text' | 'id';
  /** The featuriser; `prepare` builds it from all the texts read (label-free context such as counter deciles). */
  readonly featurizer: (texts: readonly string[]) => (text: string, emit: (s: string) => void) => void;
  readonly folds: number;
  readonly alpha: number;
  readonly top: number;
}

/**
 * A cross-fitted naive Bayes probe over the features of one part of each item. Per-item parts
 * classify the item's answer index (for classification corpora: the class); 'candidates'
 * learns answer-vs-distractor from each candidate alone and bets on the candidate with the
 * highest log-odds. Folds come from a hash of the part's content and the seed, so identical
 * texts share a fold and reordering the file changes nothing. Ties (e.g. candidates without
 * a kept feature) are broken by a hash of the item and candidate ids, never by position and
 * never by the label: the probe always commits, so its accuracy in every null draw is over
 * the same items (an abstaining learned rule would cover a different, small set per draw).
 */
export function fittedFeatureProbe(spec: FeatureProbeSpec): FittedProbe {
  return {
    name: spec.name,
    description: spec.description,
    fields: [spec.part],
    fix: spec.fix,
    prepare: (items, seed) => (spec.part === 'candidates' ? prepareCandidates(spec, items, seed) : prepareItems(spec, items, seed)),
  };
}

function foldOf(key: string, seed: number, K: number): number {
  return hashString(key, seed) % K;
}

function prepareItems(spec: FeatureProbeSpec, items: readonly BlindItem[], seed: number): FittedChooser {
  const fn = spec.name;
  const n = items.length;
  const texts = items.map((item) => readPart(item, spec.part, fn));
  const featurize = spec.featurizer(texts);
  const x = buildSparseRows(n, (r, emit) => featurize(texts[r]!, emit));
  const folds = Int32Array.from(texts, (t) => foldOf(t, seed, spec.folds));
  let C = 0;
  for (const item of items) C = Math.max(C, item.candidates.length);
  const nb = crossFittedNb(x, C, folds, spec.folds, spec.alpha);
  const scores = new Float64Array(n * C);
  const ties = new Uint32Array(n * C);
  items.forEach((item, i) => {
    for (let c = 0; c < C; c++) ties[i * C + c] = hashString(`${item.id}\u0000${c}`, seed);
  });
  const classNames = Array.from({ length: C }, (_, c) => {
    const names = new Set(items.map((item) => item.candidates[c]?.text));
    return names.size === 1 ? String([...names][0]) : `index ${c}`;
  });
  return {
    choose(answers, out) {
      nb.scores(answers, scores);
      for (let i = 0; i < n; i++) out[i] = argmaxByKey(scores, ties, i * C, items[i]!.candidates.length);
    },
    evidence(answers) {
      nb.scores(answers, scores);
      const share = new Float64Array(C);
      for (let i = 0; i < n; i++) share[answers[i]!]! += 1 / n;
      return named(topClassFeatures(nb.counts, share, x.vocabulary, spec.top, 5), classNames, x.names);
    },
  };
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
  const featurize = spec.featurizer(texts);
  const x = buildSparseRows(rows, (r, emit) => featurize(texts[r]!, emit));
  const itemFold = Int32Array.from(items, (_, i) => foldOf(texts.slice(first[i]!, first[i + 1]!).join('\u0000'), seed, spec.folds));
  const folds = Int32Array.from(owner, (i) => itemFold[i]!);
  const nb = crossFittedNb(x, 2, folds, spec.folds, spec.alpha);
  const labels = new Int32Array(rows);
  const scores = new Float64Array(rows * 2);
  const logOdds = new Float64Array(rows);
  const setLabels = (answers: Int32Array): void => {
    for (let r = 0; r < rows; r++) labels[r] = r - first[owner[r]!]! === answers[owner[r]!] ? 1 : 0;
  };
  return {
    choose(answers, out) {
      setLabels(answers);
      nb.scores(labels, scores);
      for (let r = 0; r < rows; r++) logOdds[r] = scores[2 * r + 1]! - scores[2 * r]!;
      for (let i = 0; i < n; i++) out[i] = argmaxByKey(logOdds, ties, first[i]!, first[i + 1]! - first[i]!);
    },
    evidence(answers) {
      setLabels(answers);
      nb.scores(labels, scores);
      const share = new Float64Array(2);
      for (let r = 0; r < rows; r++) share[labels[r]!]! += 1 / rows;
      const top = topClassFeatures(nb.counts, share, x.vocabulary, spec.top, 5);
      return named(top, ['distractor', 'answer'], x.names);
    },
  };
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
