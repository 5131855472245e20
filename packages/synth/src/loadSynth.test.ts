import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSynthGauss } from './generateSynthGauss.js';
import { loadSynth } from './loadSynth.js';
import { saveSynth } from './saveSynth.js';
import type { SynthDataset } from './synthDataset.js';
import { codeOfAsync } from './__fixtures__/codeOf.js';

const arrays = (ds: SynthDataset): ArrayBufferView[] =>
  (['train', 'validation', 'test'] as const).flatMap((s) =>
    ds[s] ? [ds[s]!.x.data, ds[s]!.y, ds.groundTruth[s]!.data, ds.clusters[s]!, ds.probabilities[s]!] : [],
  );
const bytesEqual = (a: ArrayBufferView, b: ArrayBufferView): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

const root = mkdtempSync(join(tmpdir(), 'synth-load-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ds = generateSynthGauss({ seed: 9, nPerCluster: 60 });
let n = 0;
async function saved(): Promise<string> {
  const dir = join(root, `d${n++}`);
  await saveSynth(dir, ds);
  return dir;
}

describe('loadSynth', () => {
  it('reads back exactly what saveSynth wrote', async () => {
    const back = await loadSynth(await saved());
    const a = arrays(ds);
    const b = arrays(back);
    expect(b.length).toBe(a.length);
    a.forEach((v, i) => expect(bytesEqual(v, b[i]!)).toBe(true));
    expect(back.id).toBe(ds.id);
    expect(back.manifest.dataSha256).toBe(ds.manifest.dataSha256);
    expect(Array.from(back.dgp.effectiveWeights.data)).toEqual(Array.from(ds.dgp.effectiveWeights.data));
    expect(back.dgp.threshold).toEqual(ds.dgp.threshold);
  });

  it('writes the diagnostics into manifest.json and recounts the same ones on load', async () => {
    const seed = Array.from({ length: 200 }, (_, s) => s).find(
      (s) => generateSynthGauss({ seed: s, nPerCluster: 2, minActiveFeatures: 0 }).diagnostics.emptyMaskClusters.length > 0,
    )!;
    const degenerate = generateSynthGauss({ seed, nPerCluster: 8, minActiveFeatures: 0 });
    const dir = join(root, 'degenerate');
    await saveSynth(dir, degenerate);
    const written = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(written.diagnostics).toEqual(degenerate.diagnostics);
    expect(written.warnings).toEqual(degenerate.warnings);
    expect(degenerate.diagnostics.emptyMaskClusters.length).toBeGreaterThan(0);
    const back = await loadSynth(dir);
    expect(back.diagnostics).toEqual(degenerate.diagnostics);
    expect(back.warnings).toEqual(degenerate.warnings);
  });

  it('can also check the files against a fresh regeneration', async () => {
    const back = await loadSynth(await saved(), { verify: 'regenerate' });
    expect(back.manifest.dataSha256).toBe(ds.manifest.dataSha256);
  });

  it('detects a changed data file: CHECKSUM_MISMATCH', async () => {
    const dir = await saved();
    const file = join(dir, 'test.csv');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/\n(-?\d)/, '\n1$1')); // alter one value in the first data row
    expect(await codeOfAsync(() => loadSynth(dir))).toBe('CHECKSUM_MISMATCH');
  });

  it('detects a changed file even when its listed sha256 was updated too (data hash)', async () => {
    const dir = await saved();
    const file = join(dir, 'train-ground-truth.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = lines[1]!
      .split(',')
      .map(() => '0.5')
      .join(',');
    const text = lines.join('\n');
    writeFileSync(file, text);
    const mPath = join(dir, 'manifest.json');
    const m = JSON.parse(readFileSync(mPath, 'utf8'));
    const { createHash } = await import('node:crypto');
    for (const f of m.files) if (f.file === 'train-ground-truth.csv') f.sha256 = createHash('sha256').update(text).digest('hex');
    writeFileSync(mPath, JSON.stringify(m));
    expect(await codeOfAsync(() => loadSynth(dir))).toBe('CHECKSUM_MISMATCH');
  });

  it('detects edited parameters in the manifest: CHECKSUM_MISMATCH', async () => {
    const dir = await saved();
    const mPath = join(dir, 'manifest.json');
    const m = JSON.parse(readFileSync(mPath, 'utf8'));
    m.params.kappa = 7;
    writeFileSync(mPath, JSON.stringify(m));
    expect(await codeOfAsync(() => loadSynth(dir))).toBe('CHECKSUM_MISMATCH');
  });

  it('reports a missing folder or file as NOT_FOUND', async () => {
    expect(await codeOfAsync(() => loadSynth(join(root, 'nope')))).toBe('NOT_FOUND');
    const dir = await saved();
    rmSync(join(dir, 'dgp.json'));
    expect(await codeOfAsync(() => loadSynth(dir))).toBe('NOT_FOUND');
  });

  it('reports a manifest that is not JSON as PARSE_ERROR, bad arguments as BAD_INPUT / BAD_OPTION', async () => {
    const dir = await saved();
    writeFileSync(join(dir, 'manifest.json'), '{oops');
    expect(await codeOfAsync(() => loadSynth(dir))).toBe('PARSE_ERROR');
    writeFileSync(join(dir, 'manifest.json'), '{"id": "a",\n "id": "b"}');
    await expect(loadSynth(dir)).rejects.toThrow(/manifest\.json, line 2, column 2: duplicate key "id" \(first at line 1\)/);
    expect(await codeOfAsync(() => loadSynth(''))).toBe('BAD_INPUT');
    expect(await codeOfAsync(() => loadSynth(dir, { verify: 'all' as 'files' }))).toBe('BAD_OPTION');
  });
});
