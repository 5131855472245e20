import { substream } from '@xai/core';
import { describe, expect, it } from 'vitest';
import type { BlindItem } from '../item.js';
import { TWIN_KEY_MAX, contentFolds, twinGroups } from './twins.js';

const mc = (id: string, query: string, texts: string[]): BlindItem => ({
  id,
  query,
  candidates: texts.map((text, j) => ({ id: `${id}-${j}`, text })),
});
const cls = (id: string, fields: Record<string, string>): BlindItem => ({
  id,
  candidates: [
    { id: 'no', text: 'no' },
    { id: 'yes', text: 'yes' },
  ],
  ...fields,
});
const same = (g: Int32Array, a: number, b: number): boolean => g[a] === g[b];

describe('twin groups', () => {
  it("a category field (a genre, a recoded label) changes no group: its words are no part of an item's own text", () => {
    // Short texts over ten words, so one-word-apart bags are common; the field splits the items in two halves.
    const rng = substream(7, 'twins-category');
    const vocab = ['red', 'blue', 'green', 'cat', 'dog', 'sun', 'moon', 'tree', 'rock', 'sea'];
    const base = Array.from({ length: 200 }, (_, i) =>
      cls(`r${i}`, { text: Array.from({ length: 8 }, () => vocab[rng.int(10)]).join(' ') }),
    );
    const tagged = base.map((it, i) => ({ ...it, genre: i % 2 === 0 ? 'A1' : 'B2' }));
    const partition = (g: Int32Array): string[] => {
      const members = new Map<number, number[]>();
      g.forEach((r, i) => members.set(r, [...(members.get(r) ?? []), i]));
      return [...members.values()].map((m) => m.join()).sort();
    };
    const plain = twinGroups(base);
    expect(new Set(plain).size).toBeLessThan(190); // the texts do link
    expect(partition(twinGroups(tagged))).toEqual(partition(plain));
  });

  it('link mirrored items (the same candidates in any order), FEVER-Symmetric quads (a claim or an evidence shared) and one-word edits', () => {
    const items = [
      mc('1', 'The man hid his feet.', ['He got a hole in his sock.', 'He went barefoot.']),
      mc('1001', 'The man took off his shoes.', ['He went barefoot.', 'He got a hole in his sock.']),
      cls('54253', { claim: 'c one', evidence: 'e one' }),
      cls('542530000002', { claim: 'c two', evidence: 'e one' }),
      cls('542530000003', { claim: 'c one', evidence: 'e two' }),
      cls('542530000004', { claim: 'c two', evidence: 'e two' }),
      cls('adv-1', { text: 'google is not a harmful monopoly because people choose' }),
      cls('adv-2', { text: 'google is a harmful monopoly because people choose' }),
      cls('x', { claim: 'an unrelated claim about cats', evidence: 'nothing shared here at all' }),
      ...Array.from({ length: 30 }, (_, i) => cls(`filler${i}`, { text: `filler text number ${i} with its own words` })),
    ];
    const g = twinGroups(items);
    expect(same(g, 0, 1)).toBe(true);
    expect([3, 4, 5].every((i) => same(g, 2, i))).toBe(true);
    expect(same(g, 0, 2)).toBe(false);
    expect(same(g, 6, 7)).toBe(true); // one word (`not`) apart
    expect(same(g, 6, 8)).toBe(false);
    expect(new Set(Array.from(g.slice(0, 9))).size).toBe(4);
  });

  it('a text shared by many items is a category, not a twin link; groups do not depend on the order of the items', () => {
    const rng = substream(5, 'twins');
    const items = Array.from({ length: 60 }, (_, i) =>
      cls(`r${i}`, { topic: 'the same debate title', text: `words ${rng.int(1e9)} here` }),
    );
    const g = twinGroups(items);
    expect(new Set(Array.from(g)).size).toBe(60);
    const pairs = [...items, ...items.slice(0, 5).map((it, k) => cls(`t${k}`, { topic: `own topic ${k}`, text: it.text as string }))];
    const a = twinGroups(pairs);
    const b = twinGroups([...pairs].reverse());
    const partition = (grp: Int32Array, list: readonly BlindItem[]) =>
      [...new Set(Array.from(grp))]
        .map((x) =>
          list
            .filter((_, i) => grp[i] === x)
            .map((it) => it.id)
            .sort()
            .join(','),
        )
        .sort();
    expect(partition(b, [...pairs].reverse())).toEqual(partition(a, pairs));
    expect(partition(a, pairs).filter((p) => p.includes(','))).toHaveLength(5);
    expect(TWIN_KEY_MAX).toBeLessThan(60);
  });

  it('content folds: twins share a fold, a lone text keeps the fold of its own hash, a large category is spread by id', () => {
    const items = [
      mc('a', 'q a', ['x y', 'z w']),
      mc('b', 'q b', ['z w', 'x y']),
      ...Array.from({ length: 40 }, (_, i) => mc(`c${i}`, `q c${i}`, [`p${i}`, `r${i}`])),
    ];
    const own = items.map((it) => (it.id.startsWith('c') && Number(it.id.slice(1)) < 30 ? 'alpha' : it.id));
    const folds = contentFolds(items, own, 5, 7);
    expect(folds[0]).toBe(folds[1]);
    const spread = new Set(Array.from(folds.slice(2, 32)));
    expect(spread.size).toBeGreaterThan(1);
  });
});
