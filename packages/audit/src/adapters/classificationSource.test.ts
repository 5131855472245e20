import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { classificationSource } from './classificationSource.js';
import { runAuditSource } from './runAuditSource.js';

const jsonl = (rows: unknown[]): string => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;

function thrown(f: () => unknown): { code: string; details: Record<string, unknown>; message: string } {
  try {
    f();
  } catch (e) {
    if (isXaiError(e)) return { code: e.code, details: e.details as Record<string, unknown>, message: e.message };
    throw e;
  }
  throw new Error('did not throw');
}

describe('classificationSource', () => {
  it('maps nested fields, string or integer labels, skips missing and "-" labels with a count', () => {
    const content = jsonl([
      { pairID: 'p1', s: { a: 'a dog runs', b: 'an animal moves' }, gold: 'entailment' },
      { pairID: 'p2', s: { a: 'a cat sleeps', b: 'nobody sleeps' }, gold: '-' },
      { pairID: 'p3', s: { a: 'two men', b: 'nobody is there' }, gold: 'contradiction' },
      { pairID: 'p4', s: { a: 'x', b: 'y' } },
      { pairID: 'p5', s: { a: 'x', b: 'z' }, gold: null },
    ]);
    const src = classificationSource({ name: 'dev.jsonl', content }, { text: ['s.a', 's.b'], label: 'gold', id: 'pairID' });
    if (src.kind !== 'items') throw new Error('items expected');
    expect(src.items.map((it) => [it.id, it.answer, it['s.b']])).toEqual([
      ['p1', 1, 'an animal moves'],
      ['p3', 0, 'nobody is there'],
    ]);
    expect(src.items[0]!.candidates.map((c) => c.text)).toEqual(['contradiction', 'entailment']);
    expect(src.classification).toEqual({ text: ['s.a', 's.b'], label: 'gold', skipped: 3, ids: 'field' });
    const ints = classificationSource(
      {
        name: 'x.jsonl',
        content: jsonl([
          { t: 'a', y: 10 },
          { t: 'b', y: 2 },
          { t: 'a', y: 2 },
        ]),
      },
      { text: ['t'], label: 'y' },
    );
    if (ints.kind !== 'items') throw new Error('items expected');
    expect(ints.items[0]!.candidates.map((c) => c.text)).toEqual(['2', '10']);
    // No id field: ids from the content, repeats numbered; no id probe then.
    expect(ints.items.map((it) => it.id)[2]).toBe(`${ints.items[0]!.id}#2`);
    expect(ints.classification?.ids).toBe('content');
  });

  it('reads CSV the same way (quoted fields), and a test file with it', () => {
    const train = 'id,premise,hypothesis,label\nq1,"a man, tall",a person,0\nq2,a woman,nobody,2\nq3,kids,-,\n';
    const test = 'id,premise,hypothesis,label\nq9,a dog,an animal,1\n';
    const src = classificationSource(
      { name: 'train.csv', content: train },
      { text: ['premise', 'hypothesis'], label: 'label', test: { name: 'test.csv', content: test } },
    );
    if (src.kind !== 'items') throw new Error('items expected');
    expect(src.items.map((it) => [it.id, it.premise, it.answer])).toEqual([
      ['q1', 'a man, tall', 0],
      ['q2', 'a woman', 2],
      ['q9', 'a dog', 1],
    ]);
    expect(src.classification?.skipped).toBe(1);
    expect(src.inputs.map((i) => i.name)).toEqual(['train.csv', 'test.csv']);
    expect(runAuditSource(src).probes.map((p) => p.name)).toEqual(['bag-of-words:premise', 'bag-of-words:hypothesis', 'id-content']);
  });

  it('names the file and line of a bad row, a missing field, a bad label; invalid UTF-8 unless an encoding is given', () => {
    const bad = thrown(() => classificationSource({ name: 'd.jsonl', content: '{"t":"a","y":"b"}\n{oops\n' }, { text: ['t'], label: 'y' }));
    expect([bad.code, bad.details.file, bad.details.line]).toEqual(['PARSE_ERROR', 'd.jsonl', 2]);
    const dupKey = thrown(() =>
      classificationSource({ name: 'd.jsonl', content: '{"t":"a","y":"b"}\n{"t":"c","y":"b","t":"d"}\n' }, { text: ['t'], label: 'y' }),
    );
    expect([dupKey.code, dupKey.details.file, dupKey.details.line, dupKey.details.column, dupKey.details.key]).toEqual([
      'PARSE_ERROR',
      'd.jsonl',
      2,
      18,
      't',
    ]);
    expect(dupKey.message).toContain('d.jsonl:2:18: invalid JSON (duplicate key "t" (first at line 2)');
    const field = thrown(() =>
      classificationSource({ name: 'd.jsonl', content: jsonl([{ t: 'a', y: 'b' }, { y: 'c' }]) }, { text: ['t'], label: 'y' }),
    );
    expect([field.code, field.details.line, field.details.arg]).toEqual(['BAD_INPUT', 2, 't']);
    const label = thrown(() =>
      classificationSource({ name: 'd.jsonl', content: jsonl([{ t: 'a', y: true }]) }, { text: ['t'], label: 'y' }),
    );
    expect([label.code, label.details.line]).toEqual(['BAD_INPUT', 1]);
    const dup = thrown(() =>
      classificationSource(
        {
          name: 'd.jsonl',
          content: jsonl([
            { id: 'a', t: 'x', y: 'b' },
            { id: 'a', t: 'z', y: 'c' },
          ]),
        },
        { text: ['t'], label: 'y' },
      ),
    );
    expect([dup.code, dup.details.line, dup.details.reason]).toEqual(['BAD_INPUT', 2, 'duplicate-id']);
    const latin1 = Uint8Array.from([...new TextEncoder().encode('t,y\ncaf'), 0xe9, ...new TextEncoder().encode(',a\nthe,b\n')]);
    const utf = thrown(() => classificationSource({ name: 'l.csv', content: latin1 }, { text: ['t'], label: 'y' }));
    expect([utf.code, utf.details.line, utf.details.byteOffset]).toEqual(['PARSE_ERROR', 2, 7]);
    const ok = classificationSource({ name: 'l.csv', content: latin1, encoding: 'latin1' }, { text: ['t'], label: 'y' });
    expect(ok.kind === 'items' && ok.items[0]!.t).toBe('café');
  });
});
