import { describe, expect, it } from 'vitest';
import { parseUserDataset } from './parseUserDataset.js';

describe('UserDataset.sourceLines', () => {
  it("names the file line of every test row of a split (blank lines counted), and the row's values are that line's", () => {
    const lines = ['a,b,y'];
    for (let i = 0; i < 40; i++) lines.push(`${i},${(i * 7) % 11},${i % 2}`, ...(i === 10 ? [''] : []));
    const text = `${lines.join('\n')}\n`;
    const ds = parseUserDataset(text, { label: 'y', seed: 3 });
    const got = ds.sourceLines!.test;
    expect(got.length).toBe(ds.test.x.rows);
    const fileLines = text.split('\n');
    got.forEach((line, k) => {
      const [a, b] = fileLines[line - 1]!.split(',').map(Number);
      expect([ds.raw.test.data[2 * k], ds.raw.test.data[2 * k + 1]]).toEqual([a, b]);
    });
  });

  it('is absent with a separate test file (its rows are in file order)', () => {
    const csv = (n: number) => `a,y\n${Array.from({ length: n }, (_, i) => `${i},${i % 2}`).join('\n')}\n`;
    expect(parseUserDataset(csv(30), { label: 'y', testText: csv(8) }).sourceLines).toBeUndefined();
  });
});
