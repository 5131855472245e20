import { describe, expect, it } from 'vitest';
import { classificationSource } from '../adapters/classificationSource.js';
import { columnsSource } from '../adapters/columnsSource.js';
import { jsonlSource } from '../adapters/jsonlSource.js';
import { idLikeFields, sourceBattery } from './sourceBattery.js';

const names = (probes: readonly { name: string }[]) => probes.map((p) => p.name);

describe('sourceBattery: ids in every layout', () => {
  it('classification: a text field each, the item ids, and every id-like field (by name or uniqueness)', () => {
    const content = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        pairID: `${1000 + i}.jpg#${i % 5}r1${'cen'[i % 3]}`,
        captionID: `${1000 + i}.jpg#${i % 5}`,
        uid: `u${i}`,
        year: 1990 + (i % 3),
        h: `w${i}`,
        y: 'cen'[i % 3],
      }),
    ).join('\n');
    const src = classificationSource({ name: 'c.jsonl', content }, { text: ['h'], label: 'y' });
    expect(names(sourceBattery(src))).toEqual(['bag-of-words:h', 'id-content:pairID', 'id-content:captionID', 'id-content:uid']);
  });
  it('multiple choice: the eight, the parts asked for, item ids, candidate ids from the file (not column names)', () => {
    const blind = JSON.stringify({
      id: 'q1',
      query: 'q',
      candidates: [
        { id: 'a1', text: 'x' },
        { id: 'b1', text: 'y' },
      ],
    });
    const fromPairs = jsonlSource({
      blind: { name: 'b.jsonl', content: blind },
      labels: { name: 'l.jsonl', content: '{"id":"q1","answer":0}' },
    });
    expect(names(sourceBattery(fromPairs, { text: ['candidates'] })).slice(8)).toEqual([
      'bag-of-words:candidates',
      'id-content',
      'id-content:candidates',
    ]);
    const cols = columnsSource({ name: 'm.csv', content: 'id,a,b,y\nq1,x,y,0\nq2,z,w,1\n' }, { candidates: ['a', 'b'], answer: 'y' });
    expect(names(sourceBattery(cols)).slice(8)).toEqual(['id-content']);
  });
  it('free text, decimals and repeated codes are not ids', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({
      id: `i${i}`,
      candidates: [],
      note: `free text ${i}`,
      score: `${i}.5`,
      code: `c${i % 3}`,
      doc_id: `d${i % 3}`,
    }));
    expect(idLikeFields(items, ['note', 'score', 'code', 'doc_id'])).toEqual(['doc_id']);
  });
});
