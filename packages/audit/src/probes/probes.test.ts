import { describe, expect, it } from 'vitest';
import { mcItem } from '../../test/helpers.js';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import { blindView } from '../item.js';
import { probeSigns } from '../probe.js';
import { caseProbe } from './caseProbe.js';
import { defaultProbes, PROBE_NAMES } from './defaultProbes.js';
import { echoCaseProbe } from './echoCaseProbe.js';
import { echoCounts } from './echoCounts.js';
import { echoProbe } from './echoProbe.js';
import { idShapeProbe } from './idShapeProbe.js';
import { lengthProbe } from './lengthProbe.js';
import { positionProbe } from './positionProbe.js';
import { queryOverlapProbe } from './queryOverlapProbe.js';
import { strayFieldProbe } from './strayFieldProbe.js';

describe('built-in probes on hand-worked items', () => {
  it('battery has the eight contract names in order', () => {
    expect(defaultProbes.map((p) => p.name)).toEqual([...PROBE_NAMES]);
    expect(PROBE_NAMES).toEqual(['position', 'case', 'length', 'echo', 'query-overlap', 'stray-field', 'id-shape', 'echo-case']);
  });

  it('position: one sign per index plus last; abstains past the end', () => {
    const items = [mcItem('a', ['x', 'y', 'z'], 0), mcItem('b', ['x', 'y'], 0)].map(blindView);
    expect(probeSigns(positionProbe, items)).toEqual(['index 0', 'index 1', 'index 2', 'last']);
    expect(positionProbe.choose(items[1]!, 'index 2')).toBe(-1);
    expect(positionProbe.choose(items[0]!, 'last')).toBe(2);
    expect(positionProbe.choose(items[1]!, 'last')).toBe(1);
  });

  it('case: the only candidate with the pattern', () => {
    const item = mcItem('a', ['alpha', 'Beta', 'gamma'], 1);
    expect(caseProbe.choose(item, 'title')).toBe(1);
    expect(caseProbe.choose(item, 'lower')).toBe(-1); // two lower-case candidates
    expect(caseProbe.choose(item, 'upper')).toBe(-1);
  });

  it('length: strictly longest / shortest, abstaining on ties', () => {
    const item = mcItem('a', ['abcd', 'ab', 'abcdef'], 0);
    expect(lengthProbe.choose(item, 'longest')).toBe(2);
    expect(lengthProbe.choose(item, 'shortest')).toBe(1);
    expect(lengthProbe.choose(mcItem('b', ['abc', 'xyz', 'a'], 0), 'longest')).toBe(-1);
  });

  it('echo counts tokens found in other candidates (not the query, not ids)', () => {
    const item = mcItem(
      'a',
      ['trasek', 'vokari', 'Lumen'],
      0,
      (c) => ({ note: c === 1 ? 'saw trasek today' : c === 2 ? 'vokari lumen' : 'nothing' }),
      'trasek lumen vokari',
    );
    // trasek: in candidate 1's note -> 1; vokari: in candidate 2's note -> 1; lumen: only in its own note -> 0
    expect(Array.from(echoCounts(item))).toEqual([1, 1, 0]);
    expect(echoProbe.choose(item, 'most-echoed')).toBe(-1); // tie 1-1
    expect(echoProbe.choose(item, 'least-echoed')).toBe(2);
    const single = mcItem('b', ['trasek', 'vokari', 'lumen'], 0, (c) => ({ note: c === 2 ? 'trasek' : 'x' }));
    expect(echoProbe.choose(single, 'most-echoed')).toBe(0);
    const none = mcItem('c', ['trasek', 'vokari', 'lumen'], 0, () => ({ note: 'x' }));
    expect(echoProbe.choose(none, 'most-echoed')).toBe(-1); // nobody echoes: no bet
  });

  it('echo-case: echo decides alone, case breaks ties', () => {
    const tie = mcItem('a', ['Trasek', 'vokari', 'lumen', 'Bento'], 0, (c) => ({ note: c === 2 ? 'trasek vokari' : 'x' }));
    expect(echoCaseProbe.choose(tie, 'echo, then capitalised')).toBe(0);
    expect(echoCaseProbe.choose(tie, 'echo, then lowercase')).toBe(1);
    const alone = mcItem('b', ['trasek', 'vokari', 'lumen'], 1, (c) => ({ note: c === 0 ? 'vokari' : 'x' }));
    expect(echoCaseProbe.choose(alone, 'echo, then capitalised')).toBe(1);
  });

  it('query overlap: most / fewest shared tokens', () => {
    const item = mcItem('a', ['red apple', 'green pear', 'blue'], 0, () => ({}), 'the red apple please');
    expect(queryOverlapProbe.choose(item, 'most')).toBe(0);
    expect(queryOverlapProbe.choose(item, 'least')).toBe(-1); // pear and blue both 0
    expect(queryOverlapProbe.choose(mcItem('b', ['a', 'b'], 0), 'most')).toBe(-1); // no query
  });

  it('stray field: only-present, only-absent, odd-value', () => {
    const present = mcItem('a', ['x', 'y', 'z'], 1, (c) => (c === 1 ? { verified: true } : {}));
    expect(strayFieldProbe.choose(present, 'only-present')).toBe(1);
    const absent = mcItem('b', ['x', 'y', 'z'], 2, (c) => (c === 2 ? {} : { src: 'log' }));
    expect(strayFieldProbe.choose(absent, 'only-absent')).toBe(2);
    const odd = mcItem('c', ['x', 'y', 'z', 'w'], 3, (c) => ({ src: c === 3 ? 'chat' : 'log' }));
    expect(strayFieldProbe.choose(odd, 'odd-value')).toBe(3);
    const conflict = mcItem('d', ['x', 'y', 'z'], 0, (c) => (c === 0 ? { a: 1 } : c === 1 ? { b: 1 } : {}));
    expect(strayFieldProbe.choose(conflict, 'only-present')).toBe(-1);
  });

  it('id shape: the odd format among three or more', () => {
    const item = {
      id: 'i',
      answer: 2,
      candidates: [
        { id: 'rec-1111', text: 'a' },
        { id: 'rec-2222', text: 'b' },
        { id: 'rec-3333u', text: 'c' },
      ],
    };
    expect(idShapeProbe.choose(item, 'odd-shape')).toBe(2);
  });

  it('chooseAll agrees with choose on every sign (demo items with all cues)', () => {
    const corpus = generateDemoCorpus({
      items: 80,
      seed: 3,
      cues: { case: 0.5, length: 0.5, echo: 0.3, 'echo-case': 0.3, 'query-overlap': 0.5, 'stray-field': 0.5, 'id-shape': 0.5 },
    });
    const blinds = corpus.items.map(blindView);
    for (const probe of defaultProbes) {
      if (!probe.chooseAll) continue;
      const signs = probeSigns(probe, blinds);
      const out = new Int32Array(signs.length);
      for (const item of blinds) {
        probe.chooseAll(item, signs, out);
        signs.forEach((s, j) => expect(out[j]).toBe(probe.choose(item, s)));
      }
    }
  });
});
