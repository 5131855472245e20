import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import type { Item } from '../item.js';
import { columnsSource } from './columnsSource.js';

const items = (content: string, options: Parameters<typeof columnsSource>[1], name = 'mc.csv'): Item[] => {
  const src = columnsSource({ name, content }, options);
  if (src.kind !== 'items') throw new Error('items expected');
  return [...src.items];
};
function refused(f: () => unknown): { code: string; arg: unknown; message: string } {
  try {
    f();
  } catch (e) {
    if (isXaiError(e)) return { code: e.code, arg: e.details.arg, message: e.message };
    throw e;
  }
  throw new Error('did not throw');
}
const rows = (answers: string[]): string =>
  ['id,q,a,b,c,gold', ...answers.map((g, i) => `i${i},question ${i},alpha ${i},beta ${i},gamma ${i},${g}`)].join('\n');
const opts = { candidates: ['a', 'b', 'c'], answer: 'gold', query: ['q'] };

describe('columnsSource', () => {
  it('reads 0-based and 1-based indices, letters, column names and candidate texts to the same answers', () => {
    const want = [0, 2, 1, 2];
    const byKind: [string, string[]][] = [
      ['0-based', ['0', '2', '1', '2']],
      ['1-based', ['1', '3', '2', '3']],
      ['letters', ['A', 'c', 'B', 'C']],
      ['columns', ['a', 'c', 'b', 'c']],
      ['texts', ['alpha 0', 'gamma 1', 'beta 2', 'gamma 3']],
    ];
    for (const [kind, answers] of byKind)
      expect(
        items(rows(answers), opts).map((it) => it.answer),
        kind,
      ).toEqual(want);
    const it0 = items(rows(['0', '2', '1', '2']), opts)[0]!;
    expect(it0).toMatchObject({ id: 'i0', query: 'question 0', candidates: [{ id: 'a', text: 'alpha 0' }, { id: 'b' }, { id: 'c' }] });
  });

  it('asks for --answer-base when indices could count from 0 or 1, and refuses indices spanning 0..k', () => {
    expect(refused(() => items(rows(['1', '2', '1', '2']), opts))).toMatchObject({ code: 'BAD_OPTION', arg: 'answerBase' });
    expect(items(rows(['1', '2', '1', '2']), { ...opts, answerBase: 1 }).map((it) => it.answer)).toEqual([0, 1, 0, 1]);
    expect(refused(() => items(rows(['0', '3', '1', '2']), opts)).message).toMatch(/run from 0 to 3/);
  });

  it('joins several query columns, takes candidate ids from columns, skips rows without an answer and counts them', () => {
    const text =
      'qid,r,c,w0,w1,w0id,w1id,y\nx1,because,so,yes,no,x1-a,x1-b,0\nx2,since,thus,up,down,x2-a,x2-b,\nx3,as,hence,in,out,x3-a,x3-b,-\nx4,for,then,on,off,x4-a,x4-b,1\n';
    const src = columnsSource(
      { name: 'arct.csv', content: text },
      {
        candidates: ['w0', 'w1'],
        answer: 'y',
        query: ['r', 'c'],
        id: 'qid',
        candidateIds: ['w0id', 'w1id'],
      },
    );
    if (src.kind !== 'items') throw new Error('items expected');
    expect(src.items.map((it) => [it.id, it.query, it.candidates.map((c) => c.id), it.answer])).toEqual([
      ['x1', 'because so', ['x1-a', 'x1-b'], 0],
      ['x4', 'for then', ['x4-a', 'x4-b'], 1],
    ]);
    expect(src.layout).toEqual({ itemIds: 'field', candidateIds: 'field', fields: [], skipped: 2 });
  });

  it('reads JSONL rows (1-based: a 3 occurs), and an empty candidate cell drops that candidate', () => {
    const jsonl = [
      { idx: 7, premise: 'It rained.', choice1: 'wet', choice2: 'dry', choice3: '', label: 2, extra: 'x' },
      { idx: 8, premise: 'It shone.', choice1: 'hot', choice2: 'cold', choice3: 'warm', label: 3, extra: 'y' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const its = items(jsonl, { candidates: ['choice1', 'choice2', 'choice3'], answer: 'label', query: ['premise'] }, 'copa.jsonl');
    expect(its.map((it) => [it.id, it.candidates.length, it.answer, it.extra])).toEqual([
      ['7', 2, 1, 'x'],
      ['8', 3, 2, 'y'],
    ]);
  });

  it('names misspelt columns with a did-you-mean, and a text answer that matches no candidate by line', () => {
    expect(refused(() => items(rows(['0']), { ...opts, answer: 'glod' })).message).toMatch(/--answer glod: .*did you mean "gold"/);
    expect(refused(() => items(rows(['0']), { ...opts, candidates: ['a', 'bb'] })).message).toMatch(/--candidates bb: .*did you mean "b"/);
    const e = refused(() => items(rows(['alpha 0', 'delta 1']), opts));
    expect(e.message).toMatch(/mc\.csv:3: the answer "delta 1" is not the text of any candidate/);
    expect(refused(() => items(rows(['0']), { ...opts, answer: 'a' })).arg).toBe('answer');
  });
});
