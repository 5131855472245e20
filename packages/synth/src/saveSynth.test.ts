import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSynthGauss } from './generateSynthGauss.js';
import { saveSynth } from './saveSynth.js';
import type { SynthDataset } from './synthDataset.js';
import { codeOfAsync } from './__fixtures__/codeOf.js';

const root = mkdtempSync(join(tmpdir(), 'synth-save-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('saveSynth', () => {
  it('writes the split CSVs (released layout), dgp.json and a manifest with each file’s sha256', async () => {
    const ds = generateSynthGauss({ seed: 2, nPerCluster: 40, dim: 5, clusters: 3 });
    const dir = join(root, 'a');
    const manifest = await saveSynth(dir, ds);
    expect(readdirSync(dir).sort()).toEqual([
      'dgp.json',
      'manifest.json',
      'test-cluster.csv',
      'test-ground-truth.csv',
      'test.csv',
      'train-cluster.csv',
      'train-ground-truth.csv',
      'train.csv',
      'validation-cluster.csv',
      'validation-ground-truth.csv',
      'validation.csv',
    ]);
    for (const f of manifest.files!) {
      const bytes = readFileSync(join(dir, f.file));
      expect(f.bytes).toBe(bytes.length);
      expect(f.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    const train = readFileSync(join(dir, 'train.csv'), 'utf8').split('\n');
    expect(train[0]).toBe('x0,x1,x2,x3,x4,target');
    expect(train.length - 2).toBe(ds.train.x.rows); // header + final newline
    expect(train[1]!.split(',').map(Number)).toEqual([...ds.train.x.data.subarray(0, 5), ds.train.y[0]]);
    expect(readFileSync(join(dir, 'train-cluster.csv'), 'utf8').split('\n')[0]).toBe('cluster_idx,prob');
    const onDisk = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(onDisk.id).toBe(ds.id);
    expect(onDisk.params).toEqual(ds.manifest.params);
  });

  it('rejects a missing directory or something that is not a SynthGauss dataset', async () => {
    expect(await codeOfAsync(() => saveSynth('', generateSynthGauss({ nPerCluster: 4 })))).toBe('BAD_INPUT');
    expect(await codeOfAsync(() => saveSynth(join(root, 'b'), {} as SynthDataset))).toBe('BAD_INPUT');
  });
});
