import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { substream } from '@xai/core';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import type { Item } from '../item.js';
import { runAudit } from '../runAudit.js';
import { idShape, idShapeJoin, idStructure, oddIdShape } from './idShape.js';
import { idShapeProbe } from './idShapeProbe.js';

// Id generators people actually use. noBias: fast-check's small-value bias would make
// "00000000" ids common, which no real generator does.
const chars = (alphabet: string, length: number): fc.Arbitrary<string> =>
  fc.noBias(
    fc
      .array(fc.noBias(fc.integer({ min: 0, max: alphabet.length - 1 })), { minLength: length, maxLength: length })
      .map((a) => a.map((i) => alphabet[i]).join('')),
  );
const HEX = '0123456789abcdef';
const B36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const padded = (width: number): fc.Arbitrary<string> =>
  fc.noBias(fc.integer({ min: 0, max: 10 ** width - 1 })).map((n) => String(n).padStart(width, '0'));
const FAMILIES: Record<string, { gen: fc.Arbitrary<string>; shape: string }> = {
  'uuid-v4': { gen: fc.noBias(fc.uuid({ version: 4 })), shape: 'h{8}-h{4}-h{4}-h{4}-h{12}' },
  'hex-8': { gen: chars(HEX, 8), shape: 'h{8}' },
  'hex-12': { gen: chars(HEX, 12), shape: 'h{12}' },
  'hex-32': { gen: chars(HEX, 32), shape: 'h{32}' },
  'rec_<hex>': { gen: chars(HEX, 8).map((h) => `rec_${h}`), shape: 'a{3}_h{8}' },
  'R-<int>': { gen: padded(6).map((d) => `R-${d}`), shape: 'A{1}-9{6}' },
  'padded-6': { gen: padded(6), shape: '9{6}' },
  'padded-10': { gen: padded(10), shape: '9{10}' },
  'base36-10': { gen: chars(B36, 10), shape: 'b{10}' },
};
const NAMES = Object.keys(FAMILIES);
const fam = (name: string): { gen: fc.Arbitrary<string>; shape: string } => FAMILIES[name]!;
const PARAMS = { seed: 13, numRuns: 60 };

describe('idShape on generated id families (fast-check)', () => {
  it('shapes of single ids', () => {
    expect(idShape('rec_8be88c4f')).toBe('a{3}_h{8}');
    expect(idShape('R-352167')).toBe('A{1}-9{6}');
    expect(idShape('Q_7x')).toBe('A{1}_b{2}'); // 7x: a digit and a g-z letter -> lower-case alphanumeric
    expect(idStructure('a--b.').tail).toBe('.');
  });

  for (const name of NAMES) {
    it(`same family → same shape: ${name}`, () => {
      fc.assert(
        fc.property(fc.array(fam(name).gen, { minLength: 8, maxLength: 20 }), (ids) => {
          // Any two ids of one generator can be joined (same separators and segment lengths) ...
          for (let i = 1; i < ids.length; i++) expect(idShapeJoin([ids[0]!, ids[i]!])).toBeDefined();
          // ... and a handful of them join to the family's shape.
          expect(idShapeJoin(ids)).toBe(fam(name).shape);
        }),
        PARAMS,
      );
    });
  }

  it('within one family the odd-one-out rule rarely commits (and never on fixed alphabets)', () => {
    for (const name of NAMES) {
      const groups = fc.sample(fc.array(fam(name).gen, { minLength: 4, maxLength: 4 }), { seed: 5, numRuns: 300 });
      const flagged = groups.filter((g) => oddIdShape(g) !== -1).length;
      // Unbiased noise (which id is flagged is random): hex-8, one of four bodies without a
      // letter, 4 · (10/16)^8 ≈ 9 %; uuid v4, short all-digit segments, ≈ 17 %; padded integers: never.
      expect(flagged / 300, name).toBeLessThan(0.25);
      if (name.startsWith('padded') || name === 'R-<int>') expect(flagged, name).toBe(0);
    }
  });

  it('different family → different shape, and the odd id among three of another family is found', () => {
    for (const f of NAMES) {
      for (const g of NAMES) {
        if (f === g) continue;
        // The odd id is a typical member of its family (its own shape is the family's): a hex
        // body without a letter is, as a single id, indistinguishable from digits (README, Limits).
        // (fast-check starts from small values, e.g. '0000000000' from the base36 generator, so
        // both sides are filtered to typical members.)
        const typical = (name: string): fc.Arbitrary<string> => fam(name).gen.filter((id) => idShape(id) === fam(name).shape);
        fc.assert(
          fc.property(fc.array(typical(f), { minLength: 3, maxLength: 5 }), typical(g), fc.nat(), (others, odd, at) => {
            expect(idShape(odd)).not.toBe(idShapeJoin(others)); // a typical id of g is not of f's shape
            const ids = [...others];
            const pos = at % (ids.length + 1);
            ids.splice(pos, 0, odd);
            expect(oddIdShape(ids), `${g} among ${f}: ${ids.join(' ')}`).toBe(pos);
          }),
          { seed: 17, numRuns: 25 },
        );
      }
    }
  });
});

/** k = 4 items whose distractor ids are rec_<hex8> and whose answer id comes from `answerId`. */
function idCorpus(n: number, seed: number, answerId: (rng: ReturnType<typeof substream>) => string): Item[] {
  const rng = substream(seed, 'id-corpus');
  const hex = (): string => Array.from({ length: 8 }, () => '0123456789abcdef'[rng.int(16)]).join('');
  return generateDemoCorpus({ items: n, seed }).items.map((item) => ({
    ...item,
    candidates: item.candidates.map((c, j) => ({ ...c, id: j === item.answer ? answerId(rng) : `rec_${hex()}` })),
  }));
}

describe('id-shape probe on realistic ids', () => {
  it('answer R-352167 among rec_<hex> distractors: covers nearly every item and fires', () => {
    const items = idCorpus(240, 21, (rng) => `R-${String(rng.int(1e6)).padStart(6, '0')}`);
    const p = runAudit(items, { permutations: 50, seed: 4 }).probes.find((q) => q.name === 'id-shape')!;
    expect(p.covered).toBeGreaterThan(230);
    expect(p.accuracy).toBe(1);
    expect(p.fires).toBe(true);
    expect(
      idShapeProbe.choose(
        {
          id: 'x',
          candidates: [
            { id: 'rec_8be88c4f', text: '' },
            { id: 'rec_4ee5965b', text: '' },
            { id: 'R-352167', text: '' },
          ],
        },
        'odd-shape',
      ),
    ).toBe(2);
  });

  it('clean: every id from the same generator, id-shape does not fire', () => {
    const items = idCorpus(240, 22, (rng) => `rec_${Array.from({ length: 8 }, () => '0123456789abcdef'[rng.int(16)]).join('')}`);
    const p = runAudit(items, { permutations: 50, seed: 4 }).probes.find((q) => q.name === 'id-shape')!;
    expect(p.fires).toBe(false);
    // It only commits where one hex body happens to be all digits: rare, and unrelated to the answer.
    expect(p.coverage).toBeLessThan(0.15);
  });
});
