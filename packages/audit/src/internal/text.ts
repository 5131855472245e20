// String features shared by the built-in probes. Plain functions, no allocation beyond the
// token arrays; the probes call them once per candidate.

// A word is a run of letters and digits, with apostrophes inside it kept (`can't`, `don't`,
// `o'clock`, and `n't` as Penn-Treebank tokenisers split it: `do n't`); a clitic the tokeniser
// split off (`'s`, `'re`, `'ve`, `'d`, `'ll`, `'m`) is a word of its own. A quote around a word is
// not part of it.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|['’](?:s|re|ve|d|ll|m|t)(?![\p{L}\p{N}])/gu;

/** Lower-cased word tokens (letters and digits, contractions kept whole), in order, duplicates kept. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) out.push(m[0].includes('’') ? m[0].replace(/’/g, "'") : m[0]);
  return out;
}

/** Capitalisation class of a text, judged on its letters only. */
export type CaseClass = 'none' | 'lower' | 'upper' | 'title' | 'mixed';

/**
 * 'upper' = every letter upper case (at least two letters); 'title' = every word starts
 * upper case and has no other upper-case letter; 'lower' = no upper-case letter.
 */
export function caseClass(text: string): CaseClass {
  let letters = 0;
  let uppers = 0;
  for (const ch of text) {
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    if (lo === up) continue; // not a cased letter
    letters++;
    if (ch === up) uppers++;
  }
  if (letters === 0) return 'none';
  if (uppers === 0) return 'lower';
  if (uppers === letters && letters > 1) return 'upper';
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => /\p{L}/u.test(w));
  const isTitle = words.every((w) => {
    const first = w[0]!;
    const rest = w.slice(1);
    return first === first.toUpperCase() && first !== first.toLowerCase() && rest === rest.toLowerCase();
  });
  return isTitle ? 'title' : 'mixed';
}

/**
 * Index of the unique maximum (or minimum) of `values`, or -1 when the extreme is shared
 * (a tie is an abstention: the rule has nothing to say).
 */
export function uniqueExtreme(values: ArrayLike<number>, which: 'max' | 'min'): number {
  let best = -1;
  let bestValue = which === 'max' ? -Infinity : Infinity;
  let tied = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (which === 'max' ? v > bestValue : v < bestValue) {
      bestValue = v;
      best = i;
      tied = false;
    } else if (v === bestValue) {
      tied = true;
    }
  }
  return tied ? -1 : best;
}

/**
 * The one index whose key differs from a key shared by all the others (at least three
 * entries, so that "the others" agree on something); -1 otherwise.
 */
export function oddOneOut(keys: readonly string[]): number {
  const n = keys.length;
  if (n < 3) return -1;
  // The majority key is keys[0] unless keys[0] is the odd one (then keys[1] === keys[2]).
  const common = keys[0] === keys[1] || keys[0] === keys[2] ? keys[0] : keys[1];
  let odd = -1;
  for (let i = 0; i < n; i++) {
    if (keys[i] === common) continue;
    if (odd !== -1) return -1;
    odd = i;
  }
  return odd;
}

/** "word" -> "Word". */
export function titleCase(token: string): string {
  return token.length === 0 ? token : token[0]!.toUpperCase() + token.slice(1);
}
