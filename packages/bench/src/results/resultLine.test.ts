import { describe, expect, it } from 'vitest';
import { crc32Hex } from './crc32.js';
import { decodeResultLine, decodeResultLineStrict, encodeResultLine } from './resultLine.js';
import type { ResultRow } from './resultRow.js';
import { numberToStored, storedToNumber } from './resultRow.js';

const row: ResultRow = {
  unit: 'synthetic/lr/grad/0',
  lines: 2,
  dataset: 'synthetic',
  model: 'lr',
  explainer: 'grad',
  kind: 'explainer',
  instance: 3,
  metrics: { FA: 0.5, RIS: null, ROS: 'Infinity' },
};

describe('result lines', () => {
  it('round-trips and ends with the CRC of the body written without it', () => {
    const line = encodeResultLine(row);
    expect(decodeResultLine(line)).toEqual(row);
    const body = JSON.stringify(row);
    expect(line.endsWith(`"crc":"${crc32Hex(body)}"}`)).toBe(true);
  });
  it('rejects every proper prefix (a torn write)', () => {
    const line = encodeResultLine(row);
    for (let n = 0; n < line.length; n++) expect(decodeResultLine(line.slice(0, n))).toBeNull();
  });
  it('rejects a changed digit', () => {
    const line = encodeResultLine(row).replace('"FA":0.5', '"FA":0.6');
    expect(decodeResultLine(line)).toBeNull();
    expect(() => decodeResultLineStrict(line, 'results.jsonl:1')).toThrow(/PARSE_ERROR.*results.jsonl:1/);
  });
  it('rejects a valid checksum over something that is not a row', () => {
    const body = '{"a":1}';
    expect(decodeResultLine(`{"a":1,"crc":"${crc32Hex(body)}"}`)).toBeNull();
  });
  it('stores NaN as null and infinities as strings', () => {
    expect(numberToStored(Number.NaN)).toBeNull();
    expect(numberToStored(-Infinity)).toBe('-Infinity');
    expect(storedToNumber('Infinity')).toBe(Infinity);
    expect(storedToNumber(null)).toBeNaN();
    expect(storedToNumber(0.25)).toBe(0.25);
  });
});
