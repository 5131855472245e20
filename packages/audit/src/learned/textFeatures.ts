import { tokenize } from '../internal/text.js';

/** Which n-grams a bag-of-words probe reads. */
export type TextFeatureKind = 'words' | 'chars' | 'words+chars';

/**
 * Emits the features of one text: word unigrams and bigrams (lower-cased letters and digits)
 * for 'words', character 3-grams of the lower-cased text padded with spaces for 'chars'.
 * Unigrams are emitted as the bare token, so the report names them as written.
 */
export function emitTextFeatures(text: string, kind: TextFeatureKind, emit: (s: string) => void): void {
  if (kind !== 'chars') {
    const tokens = tokenize(text);
    for (let t = 0; t < tokens.length; t++) {
      emit(tokens[t]!);
      if (t > 0) emit(`${tokens[t - 1]} ${tokens[t]}`);
    }
  }
  if (kind !== 'words') {
    const padded = ` ${text.toLowerCase()} `;
    for (let i = 0; i + 3 <= padded.length; i++) emit(`‹${padded.slice(i, i + 3)}›`);
  }
}
