import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { XaiError } from '@xai/core';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import { itemsToJsonl } from './itemsToJsonl.js';
import { jsonlAdapter } from './jsonlAdapter.js';
import { parseJsonlItems } from './parseJsonlItems.js';

const B1 = '{"id":"t1","query":"current colour","candidates":[{"id":"r1","text":"red"},{"id":"r2","text":"blue","src":"log"}]}';
const B2 = '{"id":"t2","candidates":[{"id":"a","text":"x"},{"id":"b","text":"y"},{"id":"c","text":"z"}]}';
const L1 = '{"id":"t1","answer":"r2"}';
const L2 = '{"id":"t2","answer":0}';

/** Runs the parser and returns the typed error's code, reason and line. */
function failure(blind: string, labels: string): { code: string; reason: unknown; line: unknown; file: unknown } {
  try {
    parseJsonlItems(blind, labels, { blindName: 'b.jsonl', labelsName: 'l.jsonl' });
  } catch (e) {
    expect(e).toBeInstanceOf(XaiError);
    const x = e as XaiError;
    expect(x.message).toMatch(new RegExp(`${String(x.details.file).replace('.', '\\.')}:${x.details.line}`));
    return { code: x.code, reason: x.details.reason, line: x.details.line, file: x.details.file };
  }
  throw new Error('expected a typed error');
}

describe('parseJsonlItems', () => {
  it('joins blind and labels by id (answer as candidate id or index), keeping extra fields', () => {
    const items = parseJsonlItems(`${B1}\n${B2}\n`, `${L2}\n${L1}\n`);
    expect(items.map((i) => i.answer)).toEqual([1, 0]);
    expect(items[0]!.query).toBe('current colour');
    expect(items[0]!.candidates[1]!.src).toBe('log');
  });

  it('round-trips itemsToJsonl byte-stably', () => {
    const corpus = generateDemoCorpus({ items: 30, cues: { 'stray-field': 0.5 } });
    const { blind, labels } = itemsToJsonl(corpus.items);
    expect(parseJsonlItems(blind, labels)).toEqual(corpus.items);
    expect(blind).not.toMatch(/"answer"/);
  });

  it('a BOM and trailing blank lines (LF or CRLF) are not malformed; a blank line between items is', () => {
    const ok = parseJsonlItems(`\ufeff${B1}\n${B2}\n`, `\ufeff${L1}\n${L2}\n`);
    expect(ok.map((it) => it.id)).toEqual(['t1', 't2']);
    const crlf = parseJsonlItems(`${B1}\r\n${B2}\r\n\r\n`, `${L1}\n${L2}\n\n  \n`);
    expect(crlf.map((it) => it.answer)).toEqual(ok.map((it) => it.answer));
    expect(failure(`${B1}\n\n${B2}\n\n`, `${L1}\n${L2}\n`)).toMatchObject({ code: 'PARSE_ERROR', reason: 'malformed', line: 2 });
    // a BOM is only dropped at the very start
    expect(failure(`${B1}\n\ufeff${B2}\n`, `${L1}\n${L2}\n`)).toMatchObject({ code: 'PARSE_ERROR', line: 2 });
  });

  it('malformed JSON line -> PARSE_ERROR with its line number', () => {
    expect(failure(`${B1}\n{"id":"t2",\n`, L1)).toEqual({ code: 'PARSE_ERROR', reason: 'malformed', line: 2, file: 'b.jsonl' });
    expect(failure(`${B1}\n${B2}\n`, `${L1}\nnot json\n`)).toEqual({ code: 'PARSE_ERROR', reason: 'malformed', line: 2, file: 'l.jsonl' });
  });

  it('a duplicate key on a line -> PARSE_ERROR naming the file, line, column and key', () => {
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n{"id":"t2","answer":0,"answer":1}\n`)).toEqual({
      code: 'PARSE_ERROR',
      reason: 'malformed',
      line: 2,
      file: 'l.jsonl',
    });
    try {
      parseJsonlItems(`${B1}\n${B2}\n`, `${L1}\n{"id":"t2","answer":0,"answer":1}\n`, { labelsName: 'l.jsonl' });
    } catch (e) {
      expect((e as XaiError).message).toContain('l.jsonl:2:23: not valid JSON (duplicate key "answer" (first at line 2)');
      expect((e as XaiError).details).toMatchObject({ key: 'answer', column: 23 });
    }
    expect.assertions(5);
  });

  it('structurally malformed items -> PARSE_ERROR', () => {
    expect(failure('[1,2]\n', '')).toMatchObject({ code: 'PARSE_ERROR', line: 1 });
    expect(failure('{"candidates":[]}\n', '')).toMatchObject({ code: 'PARSE_ERROR', line: 1 });
    expect(failure(`${B1}\n{"id":"t2","candidates":[{"id":"a","text":"x"}]}\n`, L1)).toMatchObject({ code: 'PARSE_ERROR', line: 2 });
    expect(failure('{"id":"t","candidates":[{"id":"a","text":1},{"id":"b","text":"y"}]}\n', '')).toMatchObject({
      code: 'PARSE_ERROR',
      line: 1,
    });
    expect(failure('{"id":"t","query":5,"candidates":[{"id":"a","text":"x"},{"id":"b","text":"y"}]}\n', '')).toMatchObject({
      code: 'PARSE_ERROR',
      line: 1,
    });
    expect(failure(`${B1}\n\n${B2}\n`, L1)).toMatchObject({ code: 'PARSE_ERROR', line: 2 });
    expect(failure(`${B1}\n`, '{"id":"t1"}\n')).toMatchObject({ code: 'PARSE_ERROR', reason: 'malformed', line: 1, file: 'l.jsonl' });
    expect(failure(`${B1}\n`, '{"answer":"r1"}\n')).toMatchObject({ code: 'PARSE_ERROR', line: 1, file: 'l.jsonl' });
  });

  it('a blind file carrying answers is refused', () => {
    expect(failure(`${B1}\n{"id":"t2","answer":"a","candidates":[{"id":"a","text":"x"},{"id":"b","text":"y"}]}\n`, L1)).toMatchObject({
      code: 'PARSE_ERROR',
      reason: 'answer-in-blind',
      line: 2,
    });
  });

  it('duplicate ids -> BAD_INPUT (blind and labels)', () => {
    expect(failure(`${B1}\n${B2}\n${B1}\n`, L1)).toEqual({ code: 'BAD_INPUT', reason: 'duplicate-id', line: 3, file: 'b.jsonl' });
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n${L2}\n${L1}\n`)).toEqual({
      code: 'BAD_INPUT',
      reason: 'duplicate-id',
      line: 3,
      file: 'l.jsonl',
    });
  });

  it('a label for an unknown id -> NOT_FOUND on the labels line', () => {
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n${L2}\n{"id":"t9","answer":0}\n`)).toEqual({
      code: 'NOT_FOUND',
      reason: 'unknown-id',
      line: 3,
      file: 'l.jsonl',
    });
  });

  it('an item without a label -> NOT_FOUND on the blind line', () => {
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n`)).toEqual({ code: 'NOT_FOUND', reason: 'missing-label', line: 2, file: 'b.jsonl' });
  });

  it('an answer that is not one of the candidates -> BAD_INPUT', () => {
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n{"id":"t2","answer":"zz"}\n`)).toEqual({
      code: 'BAD_INPUT',
      reason: 'unknown-answer',
      line: 2,
      file: 'l.jsonl',
    });
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n{"id":"t2","answer":3}\n`)).toEqual({
      code: 'BAD_INPUT',
      reason: 'unknown-answer',
      line: 2,
      file: 'l.jsonl',
    });
    expect(failure(`${B1}\n${B2}\n`, `${L1}\n{"id":"t2","answer":1.5}\n`)).toMatchObject({ code: 'PARSE_ERROR', line: 2 });
  });

  it('an empty blind file -> EMPTY', () => {
    expect(() => parseJsonlItems('', '')).toThrow(expect.objectContaining({ code: 'EMPTY' }));
  });
});

describe('jsonlAdapter', () => {
  it('reads both files and records their sha256', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-'));
    const blind = `${B1}\n${B2}\n`;
    writeFileSync(join(dir, 'b.jsonl'), blind);
    writeFileSync(join(dir, 'l.jsonl'), `${L1}\n${L2}\n`);
    const src = await jsonlAdapter.load({ blind: join(dir, 'b.jsonl'), labels: join(dir, 'l.jsonl') });
    expect(src.kind).toBe('items');
    expect(src.inputs[0]!.sha256).toBe(createHash('sha256').update(blind).digest('hex'));
    await expect(jsonlAdapter.load({ blind: join(dir, 'missing.jsonl'), labels: join(dir, 'l.jsonl') })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
