import type { BlindItem } from './item.js';

/**
 * A partial-input rule: a small function from an item (without its answer) to the index of
 * the candidate it bets on, or -1 to abstain. A probe may have several *signs* (directions,
 * e.g. 'longest' / 'shortest'); the audit picks one on the data and repeats that choice in
 * every null draw, so the null includes the selection (see docs/scoring.md, "Signs").
 *
 * @example
 *   const firstLetterA: Probe = {
 *     name: 'starts-with-a',
 *     signs: ['a'],
 *     choose: (item) => item.candidates.findIndex((c) => c.text.startsWith('a')),
 *   };
 * @since 0.1.0
 */
export interface Probe {
  /** Short kebab-case name, unique within a battery. */
  readonly name: string;
  /** One line on what the rule looks at. */
  readonly description?: string;
  /**
   * The directions the rule can take. A fixed list, or a function of the (blind) items when
   * the list depends on the data (position: one sign per index). @defaultValue ['any']
   */
  readonly signs?: readonly string[] | ((items: readonly BlindItem[]) => readonly string[]);
  /** The chosen candidate index under `sign`, or -1 to abstain. Must be deterministic. */
  choose(item: BlindItem, sign: string): number;
  /**
   * Optional fast path: writes the choice for every sign at once (out[s] for signs[s]).
   * Must agree with `choose`; built-ins use it to share per-item work between signs.
   */
  chooseAll?(item: BlindItem, signs: readonly string[], out: Int32Array): void;
  /** The probe fires only if its accuracy also reaches this value. @defaultValue 0 */
  readonly minAccuracy?: number;
  /** What the rule looks at, named in the report when it fires (e.g. ['candidate ids']). @since 0.2.0 */
  readonly fields?: readonly string[];
  /** One-line fix suggestion printed when it fires. @since 0.2.0 */
  readonly fix?: string;
}

/** The sign list of a probe for these items. @since 0.1.0 */
export function probeSigns(probe: Probe, items: readonly BlindItem[]): readonly string[] {
  const signs = probe.signs === undefined ? ['any'] : typeof probe.signs === 'function' ? probe.signs(items) : probe.signs;
  return signs;
}
