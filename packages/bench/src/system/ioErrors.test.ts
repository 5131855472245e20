import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { appendUnitRows, loadResults, writeCanonicalResults } from '../results/resultsFile.js';
import type { ResultRow } from '../results/resultRow.js';
import { runBench } from '../run/runBench.js';
import { writeManifest } from '../results/runManifest.js';
import type { RunManifest } from '../results/runManifest.js';

const row: ResultRow = {
  unit: 'synthetic/lr/grad/0',
  lines: 1,
  dataset: 'synthetic',
  model: 'lr',
  explainer: 'grad',
  kind: 'explainer',
  instance: 0,
  metrics: { FA: 0.5 },
};

async function rejection(p: Promise<unknown> | (() => unknown)): Promise<Error> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

describe('file-system errors are IO_ERROR naming the path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-io-'));

  it.skipIf(!existsSync('/dev/full'))('ENOSPC (a write to /dev/full)', async () => {
    const e = await rejection(() => appendUnitRows('/dev/full', [row]));
    expect(isXaiError(e, 'IO_ERROR')).toBe(true);
    expect(e.message).toMatch(/\/dev\/full: ENOSPC/);
  });

  it('EISDIR: results.jsonl is a directory; the temp file of the failed write is removed', async () => {
    const path = join(dir, 'results.jsonl');
    mkdirSync(join(path, 'sub'), { recursive: true });
    for (const call of [() => loadResults(path), () => appendUnitRows(path, [row]), () => writeCanonicalResults(path, [row])]) {
      const e = await rejection(call);
      expect(isXaiError(e, 'IO_ERROR'), e.message).toBe(true);
      expect(e.message).toContain(path);
      expect(e.message).toMatch(/EISDIR|ENOTEMPTY|EEXIST/);
    }
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it("ENOENT: the manifest folder is gone (NOT_FOUND, by core's systemError)", async () => {
    const e = await rejection(() => writeManifest(join(dir, 'missing', 'deeper'), {} as RunManifest));
    expect(isXaiError(e, 'NOT_FOUND')).toBe(true);
    expect(e.message).toMatch(/missing\/deeper\/manifest\.json: ENOENT/);
  });

  it('EEXIST: --out names an existing file', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const config = resolveBenchConfig({}, { out: file, workers: '1' });
    const e = await rejection(runBench(config, { engine: new URL('../__fixtures__/toyEngine.ts', import.meta.url), log: () => {} }));
    expect(isXaiError(e, 'IO_ERROR')).toBe(true);
    expect(e.message).toContain(`${file}: EEXIST`);
  });
});

describe('makeDirs', () => {
  it('creates missing levels one at a time and names the real errno of the level at fault', async () => {
    const { makeDirs } = await import('./ioError.js');
    const root = mkdtempSync(join(tmpdir(), 'xai-makedirs-'));
    expect(makeDirs(join(root, 'a', 'b'), 'test')).toEqual([join(root, 'a'), join(root, 'a', 'b')]);
    expect(makeDirs(join(root, 'a', 'b'), 'test')).toEqual([]);
    writeFileSync(join(root, 'file'), 'x');
    expect(() => makeDirs(join(root, 'file', 'sub'), 'test')).toThrow(
      new RegExp(`cannot create the folder ${join(root, 'file', 'sub')}: ENOTDIR`),
    );
    expect(() => makeDirs(join(root, 'file'), 'test')).toThrow(/EEXIST/);
  });
});
