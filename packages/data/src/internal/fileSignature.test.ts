import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../__fixtures__/errorOf.js';
import { loadUserDataset } from '../loadUserDataset.js';
import { parseCsv } from '../parseCsv.js';
import { binaryKind, binaryKindOfText } from './fileSignature.js';

// Files written by Python's own encoders (zipfile, bz2, lzma, sqlite3, a hand-built PNG and
// PDF; `file(1)` names each as such), not by our signature table.
const fixture = (name: string): string => new URL(`../__fixtures__/formats/${name}`, import.meta.url).pathname;
const CSV = 'a,b,y\n1,2,0\n3,4,1\n';

describe('files that are not UTF-8 CSV text are named by their leading bytes', () => {
  const cases: [string, Uint8Array, RegExp][] = [
    ['table.csv.gz', new Uint8Array(gzipSync(CSV)), /gzip-compressed.*gunzip/],
    ['table.csv.zip', readFileSync(fixture('table.csv.zip')), /ZIP archive \(an \.xlsx workbook is one\)/],
    ['table.csv.bz2', readFileSync(fixture('table.csv.bz2')), /bzip2-compressed/],
    ['table.csv.xz', readFileSync(fixture('table.csv.xz')), /xz-compressed/],
    ['page.pdf', readFileSync(fixture('page.pdf')), /a PDF document/],
    ['pixel.png', readFileSync(fixture('pixel.png')), /a PNG image/],
    ['table.sqlite', readFileSync(fixture('table.sqlite')), /an SQLite database/],
    ['table.utf32.csv', readFileSync(fixture('table.utf32.csv')), /UTF-32LE text \(byte-order mark FF FE 00 00\)/],
    ['table.utf16.csv', new Uint8Array(Buffer.from(`\ufeff${CSV}`, 'utf16le')), /UTF-16LE text \(byte-order mark FF FE\)/],
  ];
  for (const [name, bytes, re] of cases) {
    it(`${name}: PARSE_ERROR naming the file, the format and its first bytes`, () => {
      const e = errorOf(() => parseCsv(bytes, { label: 'y', file: name }));
      expect(e.code).toBe('PARSE_ERROR');
      expect(e.message).toMatch(re);
      expect(e.message).toContain(`${name}: the file is `);
      const hex = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
      expect(e.message).toContain(`first bytes ${hex}`);
      expect(e.message).not.toMatch(/ragged|not a number/);
      expect(e.details.file).toBe(name);
    });
  }

  it('loadUserDataset names the path of a gzip file given as --data', async () => {
    const e = await loadUserDataset(fixture('table.csv.bz2'), { label: 'y' }).catch((err: unknown) => err as Error);
    expect((e as Error).message).toContain(`${fixture('table.csv.bz2')}: the file is a bzip2-compressed file`);
  });

  it('UTF-16 without a byte-order mark: little- or big-endian from where the NUL bytes fall', () => {
    const le = new Uint8Array(Buffer.from(CSV, 'utf16le'));
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1]!;
      be[i + 1] = le[i]!;
    }
    expect(binaryKind(le)?.name).toBe('UTF-16LE text without a byte-order mark');
    expect(binaryKind(le)?.at).toBe(1); // 'a' then its zero high byte
    expect(binaryKind(be)?.name).toBe('UTF-16BE text without a byte-order mark');
    expect(errorOf(() => parseCsv(le, { file: 'w.csv' })).message).toContain('a NUL byte at offset 1');
  });

  it('other NUL bytes are binary data, not guessed to be UTF-16; plain text is undefined', () => {
    const bytes = new TextEncoder().encode(CSV);
    expect(binaryKind(bytes)).toBeUndefined();
    const spoilt = Uint8Array.from(bytes);
    spoilt[7] = 0;
    expect(binaryKind(spoilt)).toMatchObject({ name: 'binary data, not text', at: 7 });
  });

  it('the same formats are recognised in text already decoded as UTF-8 (bytes above 0x7F become U+FFFD)', () => {
    const asText = (b: Uint8Array): string => new TextDecoder('utf-8').decode(b);
    expect(binaryKindOfText(asText(new Uint8Array(gzipSync(CSV))))?.name).toBe('a gzip-compressed file');
    expect(binaryKindOfText(asText(readFileSync(fixture('pixel.png'))))?.name).toBe('a PNG image');
    expect(binaryKindOfText(asText(readFileSync(fixture('table.csv.zip'))))?.name).toMatch(/ZIP archive/);
    expect(binaryKindOfText(asText(new Uint8Array(Buffer.from(CSV, 'utf16le'))))?.name).toMatch(/UTF-16LE/);
    expect(binaryKindOfText(CSV)).toBeUndefined();
    expect(errorOf(() => parseCsv(asText(new Uint8Array(gzipSync(CSV))), { file: 't.csv' })).message).toContain(
      't.csv: the file is a gzip-compressed file, not UTF-8 CSV text',
    );
  });
});
