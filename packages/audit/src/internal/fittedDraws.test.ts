import { describe, expect, it } from 'vitest';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import { blindView } from '../item.js';
import { positionProbe } from '../probes/positionProbe.js';
import { buildChoiceTable, countHits } from './choiceTable.js';
import { WithinItemDraws } from './fittedDraws.js';
import { withinItemHits } from './nullDraws.js';

describe('WithinItemDraws', () => {
  it('are the draws withinItemHits counts (a fitted probe and a rule probe share every draw)', () => {
    const items = generateDemoCorpus({ seed: 9, items: 50, candidates: 3 }).items;
    const k = Int32Array.from(items, (it) => it.candidates.length);
    const ids = items.map((it) => it.id);
    const table = buildChoiceTable(positionProbe, items.map(blindView), k, 'test');
    const R = 20;
    const hits = withinItemHits([table], k, ids, 4, R);
    const draws = new WithinItemDraws(k, ids, 4);
    const S = table.signs.length;
    const recount = new Int32Array(S);
    for (let r = 0; r < R; r++) {
      recount.fill(0);
      countHits(table, draws.next(), recount, 0);
      expect(Array.from(recount)).toEqual(Array.from(hits.subarray(r * S, (r + 1) * S)));
    }
  });
});
