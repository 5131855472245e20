import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnn, formatModelJson, toModelJson } from '@xai/models';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBenchDataset } from './loadBenchDataset.js';
import { resolveModelSource } from './modelSource.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-model-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveModelSource on an xai-model@1 file', () => {
  it('runs it on the backend asked for, as a built-in model (js kernels, ONNX Runtime), and records ort', async () => {
    const data = await loadBenchDataset('synthetic', { preset: 'default', dataDir: dir, cacheDir: dir, download: false, seed: 0 });
    const path = join(dir, 'ann.json');
    writeFileSync(path, formatModelJson(toModelJson(createAnn(data.train.x.cols, { seed: 5 }))));
    const source = { kind: 'file', id: 'ann', path, format: 'json' } as const;
    const base = { preset: 'default', seed: 0, cacheDir: dir } as const;
    const got = [];
    for (const backend of ['ts', 'js', 'ort'] as const) {
      const r = await resolveModelSource(data, source, { ...base, backend });
      got.push([r.worker.kind === 'json' ? r.worker.backend : null, r.source.backend ?? null]);
      r.dispose();
    }
    expect(got).toEqual([
      ['ts', null],
      ['js', null],
      ['ort', 'ort'],
    ]);
  });
});
