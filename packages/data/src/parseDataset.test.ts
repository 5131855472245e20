import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchDataset } from './fetchDataset.js';
import { loadDataset } from './loadDataset.js';
import { parseDataset } from './parseDataset.js';
import { asyncErrorOf, errorOf } from './__fixtures__/errorOf.js';
import { HAVE_SHARED, SHARED_DATASETS } from './__fixtures__/sharedDatasets.js';

const read = (name: string, file: string): Uint8Array => readFileSync(join(SHARED_DATASETS, name, file));

describe.skipIf(!HAVE_SHARED)('browser loaders: parseDataset (text) and fetchDataset (fetch)', () => {
  it('parseDataset gives the same splits, hashes and scaler as loadDataset from disk', async () => {
    const disk = await loadDataset('compas', { dataDir: SHARED_DATASETS, download: false });
    const text = parseDataset('compas', { train: read('compas', 'compas-train.csv').toString(), test: read('compas', 'compas-test.csv') });
    expect(text.hash).toBe(disk.hash);
    expect(text.processingHash).toBe(disk.processingHash);
    expect(Array.from(text.test.x.data)).toEqual(Array.from(disk.test.x.data));
    expect(Array.from(text.validation!.y)).toEqual(Array.from(disk.validation!.y));
    expect(text.provenance.files.map((f) => [f.source, f.verified])).toEqual([
      ['memory', 'registry'],
      ['memory', 'registry'],
    ]);
    const pima = parseDataset('pima', { full: read('pima', 'pima-full.csv') });
    expect(pima.processingHash).toBe((await loadDataset('pima', { dataDir: SHARED_DATASETS, download: false })).processingHash);
  });

  it('parseDataset refuses other bytes (CHECKSUM_MISMATCH) unless verify: false, and a missing file', () => {
    const train = read('compas', 'compas-train.csv').toString().replace('\n27,', '\n28,');
    expect(errorOf(() => parseDataset('compas', { train, test: read('compas', 'compas-test.csv') })).code).toBe('CHECKSUM_MISMATCH');
    expect(parseDataset('compas', { train, test: read('compas', 'compas-test.csv') }, { verify: false }).provenance.warnings.length).toBe(
      2,
    );
    expect(errorOf(() => parseDataset('compas', { train })).code).toBe('NOT_FOUND');
  });

  it('fetchDataset reads <baseUrl>/<name>/<file> with the given fetch and verifies with WebCrypto', async () => {
    const urls: string[] = [];
    const fake = (async (url: string) => {
      urls.push(url);
      const file = url.split('/').pop()!;
      return new Response(read('german', file));
    }) as unknown as typeof fetch;
    const ds = await fetchDataset('german', { baseUrl: 'https://example.org/data/', fetch: fake });
    expect(urls).toEqual(['https://example.org/data/german/german-train.csv', 'https://example.org/data/german/german-test.csv']);
    expect(ds.hash).toBe((await loadDataset('german', { dataDir: SHARED_DATASETS, download: false })).hash);
    const corrupt = (async () => new Response('x,credit-risk\n1,0\n')) as unknown as typeof fetch;
    expect((await asyncErrorOf(() => fetchDataset('german', { baseUrl: 'https://e/', fetch: corrupt }))).code).toBe('CHECKSUM_MISMATCH');
    const missing = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    expect((await asyncErrorOf(() => fetchDataset('german', { fetch: missing }))).code).toBe('NOT_FOUND');
  });
});
