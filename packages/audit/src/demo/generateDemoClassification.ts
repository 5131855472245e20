import type { Rng } from '@xai/core';
import { XaiError, checkOptions, intOption, numberOption, substream } from '@xai/core';
import type { Item } from '../item.js';
import { randomToken } from '../internal/randomToken.js';

/** Planted artifacts of a classification corpus, each at a strength in [0, 1] (probability per item). */
export interface ClassificationCues {
  /** The hypothesis gets its class's cue word (one word per class). */
  readonly word?: number;
  /** The id's last letter is its class's letter (else a random letter, as in a clean corpus). */
  readonly idSuffix?: number;
  /** Ids of class 0 are uuid v1, of the others uuid v4 (else v4 for every class). */
  readonly uuidVersion?: number;
  /** Ids of class 0 are 12 hex characters, of the others 8 (else 8 for every class). */
  readonly hexLength?: number;
}

export interface DemoClassificationOptions {
  /** @defaultValue 600 */
  readonly items?: number;
  /** @defaultValue ['entailment', 'neutral', 'contradiction'] */
  readonly classes?: readonly string[];
  /** @defaultValue 0 */
  readonly seed?: number;
  readonly cues?: ClassificationCues;
}

const CUE_WORDS = ['everyone', 'outdoors', 'nobody', 'sleeping', 'tall', 'because', 'never', 'least'];
const HEX = '0123456789abcdef';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A premise/hypothesis classification corpus (items whose candidates are the classes) without
 * shortcuts unless cues are planted: random-token premises over a shared vocabulary, a
 * hypothesis of premise words and fresh words, a uniform label, a random hex id with a random
 * suffix letter. Each cue draws from its own stream, so a cued corpus is the clean one with
 * edits. Audit it with `decisionNull: 'across-items'`.
 * @example
 *   const { items } = generateDemoClassification({ cues: { word: 0.4 } });
 * @since 0.3.0
 */
export function generateDemoClassification(options: DemoClassificationOptions = {}): { items: Item[] } {
  const fn = 'generateDemoClassification';
  checkOptions(options, ['items', 'classes', 'seed', 'cues'], fn);
  const { items: n = 600, classes = ['entailment', 'neutral', 'contradiction'], seed = 0, cues = {} } = options;
  checkOptions(cues, ['word', 'idSuffix', 'uuidVersion', 'hexLength'], fn, 'cues');
  intOption(n, fn, 'items', { min: 2 });
  if (!Array.isArray(classes) || classes.length < 2 || classes.length > CUE_WORDS.length)
    throw new XaiError('BAD_OPTION', `classes must list 2 to ${CUE_WORDS.length} names`, { fn, arg: 'classes', value: classes });
  for (const [cue, s] of Object.entries(cues)) numberOption(s, fn, `cues.${cue}`, { min: 0, max: 1 });
  const base = substream(seed, 'demo-classification');
  const vocab = Array.from({ length: 500 }, () => randomToken(base, 3 + base.int(5)));
  const candidates = classes.map((c) => ({ id: c, text: c }));
  const cueRng = (name: string, i: number): Rng => substream(seed, 'demo-classification-cue', name, i);
  const items: Item[] = [];
  for (let i = 0; i < n; i++) {
    const rng = substream(seed, 'demo-classification-item', i);
    const label = rng.int(classes.length);
    const premise = Array.from({ length: 8 + rng.int(7) }, () => vocab[rng.int(vocab.length)]!);
    const hypothesis = Array.from({ length: 4 + rng.int(5) }, () =>
      rng.bernoulli(0.5) ? premise[rng.int(premise.length)]! : vocab[rng.int(vocab.length)]!,
    );
    if (cues.word !== undefined && cueRng('word', i).bernoulli(cues.word)) {
      const at = cueRng('word-at', i).int(hypothesis.length + 1);
      hypothesis.splice(at, 0, CUE_WORDS[label]!);
    }
    items.push({
      id: demoId(rng, label, i, cues, cueRng),
      candidates,
      answer: label,
      premise: premise.join(' '),
      hypothesis: hypothesis.join(' '),
    });
  }
  return { items };
}

function hex(rng: Rng, length: number): string {
  let s = '';
  for (let j = 0; j < length; j++) s += HEX[rng.int(16)];
  return s;
}

function demoId(rng: Rng, label: number, i: number, cues: ClassificationCues, cueRng: (name: string, i: number) => Rng): string {
  const idRng = rng.fork('id');
  if (cues.uuidVersion !== undefined) {
    const v1 = label === 0 && cueRng('uuid', i).bernoulli(cues.uuidVersion);
    const variant = '89ab'[idRng.int(4)];
    return `${hex(idRng, 8)}-${hex(idRng, 4)}-${v1 ? '1' : '4'}${hex(idRng, 3)}-${variant}${hex(idRng, 3)}-${hex(idRng, 12)}`;
  }
  if (cues.hexLength !== undefined) {
    const long = label === 0 && cueRng('hex-length', i).bernoulli(cues.hexLength);
    return hex(idRng, long ? 12 : 8);
  }
  const suffix = cues.idSuffix !== undefined && cueRng('id-suffix', i).bernoulli(cues.idSuffix) ? LETTERS[label]! : LETTERS[idRng.int(26)]!;
  return `pair-${hex(idRng, 8)}${suffix}`;
}
