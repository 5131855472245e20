import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAttributions, writeAttributions } from './attributionsFile.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-attr-'));
const attributions = { rows: 2, cols: 2, data: Float64Array.from([0.5, -1, 2, 0.25]) };

describe('attributions files', () => {
  it('round-trips JSON and CSV', () => {
    writeAttributions(join(dir, 'a.json'), { method: 'grad', preset: 'default', features: ['a', 'b'], attributions });
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toEqual({
      method: 'grad',
      preset: 'default',
      features: ['a', 'b'],
      attributions: [
        [0.5, -1],
        [2, 0.25],
      ],
    });
    expect(readAttributions(join(dir, 'a.json'))).toEqual({ attributions, method: 'grad' });
    writeAttributions(join(dir, 'a.csv'), { method: 'grad', preset: 'default', attributions });
    expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe('x0,x1\n0.5,-1\n2,0.25\n');
    expect(readAttributions(join(dir, 'a.csv')).attributions.data).toEqual(attributions.data);
  });
  it('names the file on every failure', () => {
    expect(() => readAttributions(join(dir, 'none.json'))).toThrow(/NOT_FOUND.*none\.json/);
    writeFileSync(join(dir, 'bad.json'), '{"attributions": [[1, "x"]]}');
    expect(() => readAttributions(join(dir, 'bad.json'))).toThrow(/BAD_INPUT.*bad\.json/);
    writeFileSync(join(dir, 'torn.json'), '{"attr');
    expect(() => readAttributions(join(dir, 'torn.json'))).toThrow(/PARSE_ERROR.*torn\.json/);
  });
});
