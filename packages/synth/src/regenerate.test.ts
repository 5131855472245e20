import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSynthGauss } from './generateSynthGauss.js';
import { regenerate as regenerateRoot } from './regenerate.js';
import { regenerateFromDirs as regenerate } from './regenerateFromDirs.js';
import type { SynthDataset, SynthManifest } from './synthDataset.js';
import { codeOf } from './__fixtures__/codeOf.js';

const same = (a: SynthDataset, b: SynthDataset): boolean =>
  (['train', 'test'] as const).every(
    (s) =>
      Buffer.from(a[s].x.data.buffer).equals(Buffer.from(b[s].x.data.buffer)) &&
      Buffer.from(a[s].y.buffer).equals(Buffer.from(b[s].y.buffer)),
  );

const ds = generateSynthGauss({ seed: 5, nPerCluster: 100 });
const tmp = mkdtempSync(join(tmpdir(), 'synth-regen-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('regenerate', () => {
  it('rebuilds byte-identical data from the manifest, or from its JSON text', () => {
    const a = regenerate(ds.manifest);
    expect(same(a, ds)).toBe(true);
    expect(a.manifest).toEqual(ds.manifest);
    const b = regenerate(JSON.stringify(ds.manifest));
    expect(same(b, ds)).toBe(true);
  });

  it('rebuilds from a bare id found in the given directories', () => {
    mkdirSync(join(tmp, ds.id), { recursive: true });
    writeFileSync(join(tmp, ds.id, 'manifest.json'), JSON.stringify(ds.manifest));
    expect(same(regenerate(ds.id, { dirs: [join(tmp, 'nothing'), tmp] }), ds)).toBe(true);
  });

  it('a duplicate key in manifest JSON text or a saved manifest.json is a PARSE_ERROR naming the file, line and key', () => {
    const text = JSON.stringify(ds.manifest, null, 1).replace('{', '{\n "version": 0,');
    expect(() => regenerate(text)).toThrow(/manifest JSON, line \d+, column \d+: duplicate key "version" \(first at line 2\)/);
    const dir = join(tmp, 'dup');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'manifest.json'), text);
    expect(() => regenerate(ds.id, { dirs: [dir] })).toThrow(/dup[/\\]manifest\.json, line \d+, column \d+: duplicate key "version"/);
  });

  it('cannot invert a bare id with nowhere to look: NOT_FOUND', () => {
    expect(codeOf(() => regenerate(ds.id))).toBe('NOT_FOUND');
  });

  it('detects an edited manifest: parameters that do not hash to its id', () => {
    const edited = { ...ds.manifest, params: { ...ds.manifest.params, seed: 6 } };
    expect(codeOf(() => regenerate(edited))).toBe('CHECKSUM_MISMATCH');
  });

  it('detects data that would differ from what the manifest recorded', () => {
    const edited: SynthManifest = { ...ds.manifest, dataSha256: '0'.repeat(64) };
    expect(codeOf(() => regenerate(edited))).toBe('CHECKSUM_MISMATCH');
  });

  it('regenerates a manifest written before minActiveFeatures existed as it was made: never redrawn', () => {
    // A seed whose paper masks, drawn once, leave a cluster empty.
    const seed = Array.from({ length: 200 }, (_, s) => s).find(
      (s) => generateSynthGauss({ seed: s, nPerCluster: 2, minActiveFeatures: 0 }).diagnostics.emptyMaskClusters.length > 0,
    )!;
    const old = generateSynthGauss({ seed, nPerCluster: 2, minActiveFeatures: 0 });
    const { minActiveFeatures: _m, ...oldParams } = old.manifest.params;
    const { diagnostics: _d, warnings: _w, ...oldFields } = old.manifest;
    const written = { ...oldFields, params: oldParams } as unknown as SynthManifest; // the old layout
    const again = regenerate(JSON.stringify(written));
    expect(again.id).toBe(old.id);
    expect(again.manifest.dataSha256).toBe(old.manifest.dataSha256);
    expect(again.diagnostics.emptyMaskClusters).toEqual(old.diagnostics.emptyMaskClusters);
    // Today's paper default redraws that mask: other numbers, so another id.
    expect(generateSynthGauss({ seed, nPerCluster: 2 }).id).not.toBe(old.id);
  });

  it('refuses another generator version, other formats and junk', () => {
    expect(codeOf(() => regenerate({ ...ds.manifest, version: 99 }))).toBe('NOT_SUPPORTED');
    expect(codeOf(() => regenerate({ ...ds.manifest, format: 'other' } as unknown as SynthManifest))).toBe('BAD_INPUT');
    expect(codeOf(() => regenerate('{not json'))).toBe('PARSE_ERROR');
    expect(codeOf(() => regenerate('hello'))).toBe('BAD_INPUT');
    expect(codeOf(() => regenerate(null as unknown as string))).toBe('BAD_INPUT');
    const badParams = { ...ds.manifest, params: { ...ds.manifest.params, kappa: -1 } };
    expect(codeOf(() => regenerate(badParams))).toBe('BAD_OPTION');
  });
});

describe('regenerate (browser-safe root)', () => {
  it('regenerates from a manifest, refuses a bare id (NOT_FOUND pointing to /node) and unknown options', () => {
    const ds = generateSynthGauss({ nPerCluster: 20, clusters: 2, dim: 3 });
    expect(regenerateRoot(ds.manifest).manifest.dataSha256).toBe(ds.manifest.dataSha256);
    expect(codeOf(() => regenerateRoot(ds.id))).toBe('NOT_FOUND');
    expect(codeOf(() => regenerateRoot(ds.manifest, { dirs: ['x'] } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => regenerate(ds.manifest, { dir: ['x'] } as never))).toBe('BAD_OPTION');
  });
});
