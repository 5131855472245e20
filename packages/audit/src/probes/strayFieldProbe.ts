import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { oddOneOut } from '../internal/text.js';

const SIGNS = ['only-present', 'only-absent', 'odd-value'] as const;

/** Flags per sign: the candidate a field singles out; -1 none yet, -2 conflicting flags. */
function flags(item: BlindItem): [number, number, number] {
  const cands = item.candidates;
  const k = cands.length;
  const names = new Set<string>();
  for (const c of cands) for (const key of Object.keys(c)) if (key !== 'id' && key !== 'text') names.add(key);
  const out: [number, number, number] = [-1, -1, -1];
  const flag = (s: 0 | 1 | 2, c: number): void => {
    out[s] = out[s] === -1 || out[s] === c ? c : -2;
  };
  for (const name of names) {
    let present = 0;
    let firstPresent = -1;
    let firstAbsent = -1;
    for (let c = 0; c < k; c++) {
      if (Object.hasOwn(cands[c]!, name) && cands[c]![name] !== undefined) {
        present++;
        if (firstPresent === -1) firstPresent = c;
      } else if (firstAbsent === -1) firstAbsent = c;
    }
    if (present === 1 && k >= 2) flag(0, firstPresent);
    else if (present === k - 1 && k >= 3) flag(1, firstAbsent);
    else if (present === k && k >= 3) {
      const odd = oddOneOut(cands.map((c) => JSON.stringify(c[name])));
      if (odd >= 0) flag(2, odd);
    }
  }
  return out;
}

function pick(f: [number, number, number], sign: string): number {
  const s = SIGNS.indexOf(sign as (typeof SIGNS)[number]);
  const v = s < 0 ? -1 : f[s]!;
  return v >= 0 ? v : -1;
}

/**
 * Stray field: bets on the candidate that a field singles out — present only on it
 * ('only-present'), missing only on it ('only-absent'), or valued differently only on it
 * ('odd-value'). `id` and `text` are not fields here. Abstains when fields disagree.
 * @since 0.1.0
 */
export const strayFieldProbe: Probe = {
  name: 'stray-field',
  fields: ['extra candidate fields'],
  fix: 'give every candidate the same fields (a field present, absent or valued differently only on the answer)',
  description: 'a field is present, absent or valued differently only on the answer',
  signs: SIGNS,
  choose(item: BlindItem, sign: string): number {
    return pick(flags(item), sign);
  },
  chooseAll(item: BlindItem, signs: readonly string[], out: Int32Array): void {
    const f = flags(item);
    for (let s = 0; s < signs.length; s++) out[s] = pick(f, signs[s]!);
  },
};
