import { describe, expect, it } from 'vitest';
import { decodeInputText, firstInvalidUtf8 } from './decodeText.js';

const src = { file: 'x.csv', fn: 'test', encodingOption: '--encoding' };

describe('decodeInputText', () => {
  it('finds the first invalid byte exactly where a fatal TextDecoder stops accepting', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const cases = [
      [0x61],
      [0xc3, 0xa9],
      [0xfc],
      [0xc3],
      [0xe2, 0x82],
      [0xed, 0xa0, 0x80],
      [0xc0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf0, 0x9f, 0x98, 0x80],
    ];
    for (const c of cases) {
      const bytes = Uint8Array.from(c);
      let valid = true;
      try {
        strict.decode(bytes);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(bytes) < 0, c.join(' ')).toBe(valid);
    }
  });

  it('refuses Windows-1252 bytes naming line, offset, byte and the option; decodes them when declared', () => {
    const bytes = Uint8Array.from([...Buffer.from('name,y\nM'), 0xfc, ...Buffer.from('ller,1\n')]);
    expect(() => decodeInputText(bytes, src)).toThrow(
      /x\.csv: line 2: invalid UTF-8 at byte offset 8 \(byte 0xfc, column 2 of the line\).*--encoding/,
    );
    expect(decodeInputText(bytes, src, 'latin1')).toBe('name,y\nMüller,1\n');
    expect(decodeInputText(bytes, src, 'Windows-1252')).toBe('name,y\nMüller,1\n');
    expect(() => decodeInputText(bytes, src, 'ebcdic')).toThrow(/unknown encoding "ebcdic"/);
  });

  it('drops a byte-order mark and accepts UTF-16 when declared', () => {
    expect(decodeInputText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]), src)).toBe('a');
    expect(decodeInputText(Uint8Array.from([0xff, 0xfe, 0x68, 0, 0xe9, 0]), src, 'utf-16le')).toBe('hé');
    expect(decodeInputText('\uFEFFa', src)).toBe('a');
  });
});
