// The user-CSV split: exact sizes (round(f x n) overall, largest remainder over strata), keyed
// by row content (any file order holds out the same rows), hashes of content only.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadUserDataset } from './loadUserDataset.js';
import type { UserDataset } from './parseUserDataset.js';
import { parseUserDataset } from './parseUserDataset.js';

/** n rows: a, b, a text column, a class label (1/3 'p') and a non-integer regression target. */
function lines(n: number): string[] {
  return Array.from(
    { length: n },
    (_, i) => `${i},${(i * 7) % 13},${['u', 'v', 'w'][i % 3]},${i % 3 === 0 ? 'p' : 'q'},${(((i * 37) % 101) / 8).toFixed(3)}`,
  );
}
const csv = (rows: readonly string[], header = 'a,b,c,y,t'): string => `${header}\n${rows.join('\n')}\n`;

/** Rows of a split as content strings (raw model columns and label), sorted: a multiset. */
function rowsOf(ds: UserDataset, part: 'train' | 'test'): string[] {
  const x = ds.raw[part];
  const out: string[] = [];
  for (let i = 0; i < x.rows; i++) {
    const label = ds.task === 'regression' ? ds.targets![part][i]! : ds.labelClasses![ds[part].y[i]!]!;
    out.push(`${Array.from(x.data.subarray(i * x.cols, (i + 1) * x.cols)).join(',')}|${label}`);
  }
  return out.sort();
}

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('user-CSV split sizes', () => {
  // round(0.2 n): 20 -> 4, 60 -> 12, 101 -> 20.2 -> 20. Validation round(0.1 x train): 16 -> 2, 48 -> 5, 81 -> 8.
  const cases = [
    { n: 20, test: 4, validation: 2 },
    { n: 60, test: 12, validation: 5 },
    { n: 101, test: 20, validation: 8 },
  ];
  for (const { n, test, validation } of cases) {
    it(`${n} rows: ${test} test, ${validation} validation rows, classification and regression`, () => {
      const text = csv(lines(n));
      const cls = parseUserDataset(text, { label: 'y', schema: { label: 'y', ignore: ['t'] } });
      expect(cls.test.y.length).toBe(test);
      expect(cls.validation!.y.length).toBe(validation);
      expect(cls.train.y.length).toBe(n - test - validation);
      // Each class holds out floor or ceil of 0.2 x its rows.
      const classP = Math.ceil(n / 3); // i % 3 === 0
      const heldP = Array.from(cls.test.y).filter((c) => cls.labelClasses![c] === 'p').length;
      expect(Math.abs(heldP - 0.2 * classP)).toBeLessThan(1);
      expect(Math.abs(test - heldP - 0.2 * (n - classP))).toBeLessThan(1);

      const reg = parseUserDataset(text, { label: 't', schema: { label: 't', ignore: ['y'] } });
      expect(reg.task).toBe('regression');
      expect(reg.targets!.test.length).toBe(test);
      expect(reg.targets!.validation!.length).toBe(validation);
      expect(reg.targets!.train.length).toBe(n - test - validation);
      // The test targets are spread over the label's range: each of the min(10, test) equal-count bins by rank gives at least one row.
      const sorted = [...reg.targets!.train, ...reg.targets!.validation!, ...reg.targets!.test].sort((p, q) => p - q);
      const bins = Math.min(10, test);
      for (let b = 0; b < bins; b++) {
        const lo = sorted[Math.ceil((b * n) / bins)]!;
        const hi = sorted[Math.ceil(((b + 1) * n) / bins) - 1]!;
        expect(Array.from(reg.targets!.test).some((v) => v >= lo && v <= hi)).toBe(true);
      }
    });
  }
});

describe('user-CSV split keyed by content', () => {
  const base = lines(60);
  // Exact duplicate rows: equal content, so which copy is held out must not matter.
  const withDups = [...base, base[4]!, base[4]!, base[9]!];
  const reversed = [...withDups].reverse();
  const shuffled = withDups
    .map((l, i) => ({ l, k: (i * 41) % withDups.length }))
    .sort((p, q) => p.k - q.k)
    .map((p) => p.l);

  it('a reversed or shuffled file holds out the same rows (classification and regression, test and validation)', () => {
    expect(shuffled).not.toEqual(withDups);
    for (const label of ['y', 't'] as const) {
      const opts = { label, schema: { label, ignore: [label === 'y' ? 't' : 'y'] }, seed: 7 };
      const a = parseUserDataset(csv(withDups), opts);
      for (const other of [reversed, shuffled]) {
        const b = parseUserDataset(csv(other), opts);
        expect(rowsOf(b, 'test')).toEqual(rowsOf(a, 'test'));
        expect(rowsOf(b, 'train')).toEqual(rowsOf(a, 'train'));
        expect(b.validation!.x.rows).toBe(a.validation!.x.rows);
      }
    }
  });

  it('another seed holds out other rows (the check can fail)', () => {
    const opts = { label: 'y', schema: { label: 'y', ignore: ['t'] } };
    expect(rowsOf(parseUserDataset(csv(base), { ...opts, seed: 1 }), 'test')).not.toEqual(
      rowsOf(parseUserDataset(csv(base), { ...opts, seed: 2 }), 'test'),
    );
  });
});

describe('user dataset hashes', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'xai-user-hash-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const text = csv(lines(30));

  it('hash content only: the same CSV under two paths has one hash and processingHash (paths stay in provenance)', async () => {
    mkdirSync(join(tmp, 'one'));
    mkdirSync(join(tmp, 'two'));
    const p1 = join(tmp, 'one', 'data.csv');
    const p2 = join(tmp, 'two', 'other.csv');
    writeFileSync(p1, text);
    writeFileSync(p2, text);
    const a = await loadUserDataset(p1, { label: 'y', schema: { label: 'y', ignore: ['t'] } });
    const b = await loadUserDataset(p2, { label: 'y', schema: { label: 'y', ignore: ['t'] } });
    expect(b.hash).toBe(a.hash);
    expect(b.processingHash).toBe(a.processingHash);
    expect(a.provenance.files.map((f) => f.file)).toEqual([p1]);
    expect(b.provenance.files.map((f) => f.file)).toEqual([p2]);
    // The hash is sha256 of the role and the file's sha256, computed here with node:crypto.
    expect(a.hash).toBe(sha(`full:${sha(text)}\n`));
    // parseUserDataset with two file names, and with a separate test file.
    const test = csv(lines(8));
    const c = parseUserDataset(text, {
      label: 'y',
      file: 'x/a.csv',
      testText: test,
      testFile: 'x/b.csv',
      schema: { label: 'y', ignore: ['t'] },
    });
    const d = parseUserDataset(text, {
      label: 'y',
      file: 'y/c.csv',
      testText: test,
      testFile: 'y/d.csv',
      schema: { label: 'y', ignore: ['t'] },
    });
    expect(d.hash).toBe(c.hash);
    expect(d.processingHash).toBe(c.processingHash);
    expect(c.hash).toBe(sha(`train:${sha(text)}\ntest:${sha(test)}\n`));
    // Other content, another hash.
    expect(parseUserDataset(csv(lines(31)), { label: 'y', schema: { label: 'y', ignore: ['t'] } }).hash).not.toBe(a.hash);
  });
});
