import { describe, expect, it } from 'vitest';
import { isXaiError } from '../errors.js';
import { parseJsonText } from './parseJson.js';

const src = { file: 'c.json', fn: 'test' };

function failure(text: string, maxDepth?: number): { message: string; line: unknown; column: unknown } {
  try {
    parseJsonText(text, maxDepth === undefined ? src : { ...src, maxDepth });
  } catch (e) {
    expect(isXaiError(e, 'PARSE_ERROR')).toBe(true);
    const x = e as Error & { details: { line: unknown; column: unknown } };
    return { message: x.message, line: x.details.line, column: x.details.column };
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('parseJsonText', () => {
  it('gives what JSON.parse gives on valid JSON, a BOM dropped', () => {
    const texts = [
      '{"a": [1, -2.5e-3, 0, true, false, null, "x\\"y\\u00e9"], "b": {"c": {}}, "d": []}',
      '  [ ]  ',
      '"\\\\"',
      '-0',
      '{"__proto__": {"x": 1}}',
      '{"a": {"k": 1}, "b": {"k": 2}}',
    ];
    for (const t of texts) expect(parseJsonText(t, src)).toEqual(JSON.parse(t));
    expect(parseJsonText('\uFEFF{"a": 1}', src)).toEqual({ a: 1 });
  });

  it('refuses a duplicate key naming it, where it sits and both lines', () => {
    const f = failure('{\n  "shard": {\n    "index": 1,\n    "index": 2\n  }\n}');
    expect(f.message).toContain('c.json: line 4, column 5: duplicate key "index" in shard (first at line 3)');
    expect([f.line, f.column]).toEqual([4, 5]);
    expect(failure('{"a": 1, "\\u0061": 2}').message).toContain('duplicate key "a"');
    expect(failure('[{"x": 0}, {"y": 1, "y": 2}]').message).toContain('duplicate key "y" in [1]');
  });

  it('names line and column of each syntax error, with a hint where one helps', () => {
    const cases: [string, RegExp][] = [
      ['{"a": 1,}', /line 1, column 9: expected a double-quoted key, found "}" \(a trailing comma\?\)/],
      ['[1, 2,]', /column 7: expected a value, found "]" \(a trailing comma\?\)/],
      ['{"a": NaN}', /column 7: expected a value, found "NaN" \(JSON has no NaN/],
      ["{'a': 1}", /column 2: expected a double-quoted key/],
      ['{"a": 1}\n{"b": 2}', /line 2, column 1: unexpected "\{" after the JSON value/],
      ['{"a": [1, 2', /the file ends inside an object or array/],
      ['', /the file is empty/],
      ['{"a": 01}', /is not a JSON number/],
      ['{"a": "x\ny"}', /line 1, column 9: a control character/],
      ['{"a" 1}', /expected ":" after the key "a"/],
      ['{"a": 1 "b": 2}', /expected "," or "}" after a, found "\\""/],
      ['{"a": tru}', /expected a value, found "tru"/],
    ];
    for (const [text, re] of cases) expect(failure(text).message).toMatch(re);
  });

  it('refuses nesting deeper than maxDepth without overflowing the stack', () => {
    const deep = `${'['.repeat(200000)}${']'.repeat(200000)}`;
    expect(failure(deep).message).toMatch(/line 1, column 1001: nested deeper than 1000 levels/);
    expect(parseJsonText('[[[]]]', { ...src, maxDepth: 3 })).toEqual([[[]]]);
    expect(failure('[[[[]]]]', 3).message).toMatch(/deeper than 3/);
  });

  it('counts lines from firstLine for one line of a JSONL file, where a BOM is an error', () => {
    const line7 = { ...src, firstLine: 7 };
    expect(parseJsonText('{"id": "a"}', line7)).toEqual({ id: 'a' });
    try {
      parseJsonText('{"id": "a", "id": "b"}', line7);
      expect.unreachable();
    } catch (e) {
      const x = e as Error & { details: Record<string, unknown> };
      expect(x.details).toMatchObject({ line: 7, column: 13, key: 'id' });
      expect(x.details.problem).toMatch(/^duplicate key "id" \(first at line 7\)/);
    }
    expect(() => parseJsonText('\uFEFF{"a": 1}', line7)).toThrow(/line 7, column 1: expected a value/);
  });
});
