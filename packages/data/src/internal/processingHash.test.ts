import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetRegistry } from '../datasetRegistry.js';
import { loadDataset } from '../loadDataset.js';
import type { ProcessingChoices } from './processingHash.js';
import { processingHash } from './processingHash.js';

const tmp = mkdtempSync(join(tmpdir(), 'xai-data-processing-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// gmsc has no published checksum, so a hand-made copy in a dataDir loads without shared data.
function gmscDir(name: string, shift: number): string {
  const dir = join(tmp, name);
  mkdirSync(join(dir, 'gmsc'), { recursive: true });
  const cols = [...datasetRegistry.gmsc.featureNames, datasetRegistry.gmsc.label];
  for (const [file, rows] of [
    ['gmsc-train.csv', 40],
    ['gmsc-test.csv', 12],
  ] as const) {
    const lines = [cols.join(',')];
    for (let i = 0; i < rows; i++)
      lines.push(cols.map((_, j) => (j === cols.length - 1 ? i % 2 : ((i * 5 + j * 3 + shift) % 13) + 0.25)).join(','));
    writeFileSync(join(dir, 'gmsc', file), `${lines.join('\n')}\n`);
  }
  return dir;
}

describe('LoadedDataset.processingHash', () => {
  const dataDir = gmscDir('a', 0);
  const load = (o: Parameters<typeof loadDataset>[1] = {}) =>
    loadDataset('gmsc', { dataDir, cacheDir: join(tmp, 'cache'), download: false, ...o });

  it('is stable for equal choices, changes with preset, scaling, validation fraction and seed; hash does not', async () => {
    const base = await load();
    const again = await load();
    expect(again.processingHash).toBe(base.processingHash);
    expect(base.processingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(base.processingHash).not.toBe(base.hash);
    const variants = await Promise.all([
      load({ preset: 'paper' }),
      load({ preset: 'openxai' }),
      load({ scaling: 'none' }),
      load({ scaling: 'per-file' }),
      load({ validationFraction: 0.2 }),
      load({ seed: 1 }),
    ]);
    const all = [base.processingHash, ...variants.map((v) => v.processingHash)];
    expect(new Set(all).size).toBe(all.length);
    for (const v of variants) expect(v.hash).toBe(base.hash);
    // Different seeds really give different validation rows (so sharing one hash would be wrong).
    expect(Array.from(variants[5]!.raw.validation!.data)).not.toEqual(Array.from(base.raw.validation!.data));
  });

  it('changes with the input files too', async () => {
    const other = await loadDataset('gmsc', { dataDir: gmscDir('b', 1), cacheDir: join(tmp, 'cache'), download: false });
    const base = await load();
    expect(other.hash).not.toBe(base.hash);
    expect(other.processingHash).not.toBe(base.processingHash);
  });

  it("changes with the loader's own train/test split choices", () => {
    const c: ProcessingChoices = { inputs: 'f'.repeat(64), preset: 'default', scaling: 'train', validationFraction: 0.1, seed: 0 };
    const h = processingHash(c);
    const split = processingHash({ ...c, split: { testFraction: 0.2, seed: 0 } });
    const hashes = [
      h,
      split,
      processingHash({ ...c, split: { testFraction: 0.25, seed: 0 } }),
      processingHash({ ...c, split: { testFraction: 0.2, seed: 1 } }),
    ];
    expect(new Set(hashes).size).toBe(4);
    expect(processingHash({ ...c, split: { seed: 0, testFraction: 0.2 } })).toBe(split); // key order of the caller does not matter
  });
});
