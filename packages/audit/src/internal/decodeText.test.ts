import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { decodeText } from './decodeText.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const cat = (...parts: (Uint8Array | number[])[]): Uint8Array => Uint8Array.from(parts.flatMap((p) => Array.from(p)));

describe('decodeText', () => {
  it('names the file, line, byte offset and column of the first invalid byte', () => {
    const bytes = cat(enc('a,b\nné,1\n'), [0x63, 0xe9, 0x2c, 0x32], enc('\n'));
    try {
      decodeText(bytes, 'x.csv', 'test');
      expect.unreachable();
    } catch (e) {
      expect(isXaiError(e, 'PARSE_ERROR')).toBe(true);
      const d = (e as { details: Record<string, unknown> }).details;
      // 'a,b\n' (4) + 'né,1\n' (6 bytes) = 10, then 'c' at 10 and 0xe9 at 11.
      expect([d.file, d.line, d.byteOffset, d.column]).toEqual(['x.csv', 3, 11, 2]);
      expect((e as Error).message).toMatch(/x\.csv: line 3: invalid UTF-8 at byte offset 11/);
    }
  });

  it('decodes a declared encoding instead, and rejects an unknown one', () => {
    expect(decodeText(Uint8Array.from([0x63, 0xe9]), 'x', 'test', 'latin1')).toBe('cé');
    expect(decodeText(Uint8Array.from([0x68, 0, 0xe9, 0]), 'x', 'test', 'utf-16le')).toBe('hé');
    expect(() => decodeText(Uint8Array.from([0x63]), 'x', 'test', 'ebcdic')).toThrow(/unknown encoding "ebcdic"/);
  });
});
