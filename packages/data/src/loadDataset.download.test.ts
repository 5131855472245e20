// The download path for real: a node:http server on 127.0.0.1 serves the shared files under
// Dataverse-style paths (plus truncated, corrupt, interrupted and missing variants).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDatasets } from './availableDatasets.js';
import { loadDataset } from './loadDataset.js';
import { asyncErrorOf } from './__fixtures__/errorOf.js';
import { HAVE_SHARED, SHARED_DATASETS, provenanceDataverse } from './__fixtures__/sharedDatasets.js';

const tmp = mkdtempSync(join(tmpdir(), 'xai-data-download-'));
const noData = join(tmp, 'no-data');
let n = 0;
const freshCache = (): string => join(tmp, `cache-${n++}`);
const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

// id -> bytes: shared files by the ids of PROVENANCE.md, synthetic files for datasets we hold no copy of.
const served = new Map<string, Buffer>();
const hits = new Map<string, number>();
let server: Server;
let base = '';

function synthetic(header: string[], rows: number, delimiter: string, quoteHeader: boolean): Buffer {
  const lines = [header.map((h) => (quoteHeader ? `"${h}"` : h)).join(delimiter)];
  for (let i = 0; i < rows; i++)
    lines.push(header.map((_, j) => (j === header.length - 1 ? i % 2 : ((i * 7 + j * 3) % 11) + 0.5)).join(delimiter));
  return Buffer.from(`${lines.join('\n')}\n`);
}

const GMSC = [
  'RevolvingUtilizationOfUnsecuredLines',
  'age',
  'NumberOfTime30-59DaysPastDueNotWorse',
  'DebtRatio',
  'MonthlyIncome',
  'NumberOfOpenCreditLinesAndLoans',
  'NumberOfTimes90DaysLate',
  'NumberRealEstateLoansOrLines',
  'NumberOfTime60-89DaysPastDueNotWorse',
  'NumberOfDependents',
  'SeriousDlqin2yrs',
];
const PIMA = ['Pregnancies', 'Glucose', 'BloodPressure', 'SkinThickness', 'Insulin', 'BMI', 'DiabetesPedigreeFunction', 'Age', 'Outcome'];

beforeAll(async () => {
  if (HAVE_SHARED) {
    for (const [name, ids] of provenanceDataverse()) {
      for (const role of ['train', 'test'] as const) {
        const path = join(SHARED_DATASETS, name, `${name}-${role}.csv`);
        if (existsSync(path)) served.set(ids[role], readFileSync(path));
      }
    }
  }
  // gmsc as Dataverse serves tabular files: tab-separated, quoted header.
  served.set('8550934', synthetic(GMSC, 40, '\t', true));
  served.set('8550939', synthetic(GMSC, 10, '\t', true));
  // heart with a column name that differs from the registry's guess.
  served.set('8550932', synthetic(['sex', 'age', 'TenYearCHD'], 20, ',', false));
  served.set('8550935', synthetic(['sex', 'age', 'TenYearCHD'], 8, ',', false));
  served.set('8550937', synthetic(PIMA, 30, ',', false));
  served.set('8550938', synthetic(PIMA, 10, ',', false));

  server = createServer((req, res) => {
    const m = /^\/(\w+)\/api\/access\/datafile\/(\d+)$/.exec(req.url ?? '');
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    const body = m ? served.get(m[2]!) : undefined;
    if (!m || !body || m[1] === 'missing') {
      res.writeHead(404).end('not found');
      return;
    }
    const mode = m[1];
    if (mode === 'truncated') {
      const half = body.subarray(0, body.length >> 1);
      res.writeHead(200, { 'Content-Length': half.length }).end(half);
      return;
    }
    if (mode === 'corrupt') {
      const bad = Buffer.from(body);
      bad[bad.length >> 1] = bad[bad.length >> 1]! ^ 1;
      res.writeHead(200, { 'Content-Length': bad.length }).end(bad);
      return;
    }
    if (mode === 'cut') {
      res.writeHead(200, { 'Content-Length': body.length });
      res.write(body.subarray(0, body.length >> 1), () => res.destroy());
      return;
    }
    res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'text/tab-separated-values' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

const mirror = (mode: string): string => `${base}/${mode}/api/access/datafile/`;
const leftovers = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((f) => f.includes('.part')) : []);

describe.skipIf(!HAVE_SHARED)('loadDataset downloads shared files from a local server', () => {
  it('downloads into the cache with verified checksums, then reads the cache', async () => {
    const cacheDir = freshCache();
    const ds = await loadDataset('compas', { dataDir: noData, cacheDir, mirror: mirror('ok') });
    expect(ds.provenance.files.map((f) => [f.source, f.verified, f.url])).toEqual([
      ['download', 'registry', `${mirror('ok')}8550936`],
      ['download', 'registry', `${mirror('ok')}8550944`],
    ]);
    expect(ds.train.x.rows + ds.validation!.x.rows).toBe(4937);
    const cached = join(cacheDir, 'compas', 'compas-train.csv');
    expect(sha(readFileSync(cached))).toBe(sha(readFileSync(join(SHARED_DATASETS, 'compas/compas-train.csv'))));
    expect(leftovers(join(cacheDir, 'compas'))).toEqual([]);
    const before = hits.get('/ok/api/access/datafile/8550936');
    const again = await loadDataset('compas', { dataDir: noData, cacheDir, mirror: mirror('ok') });
    expect(hits.get('/ok/api/access/datafile/8550936')).toBe(before);
    expect(again.provenance.files[0]!.source).toBe('cache');
    expect(again.hash).toBe(ds.hash);
  });

  it('requests the canonical Dataverse address through an injected fetch', async () => {
    const asked: string[] = [];
    const fetchVia: typeof fetch = (input, init) => {
      const url = String(input);
      asked.push(url);
      return fetch(url.replace('https://dataverse.harvard.edu/api/access/datafile/', mirror('ok')), init);
    };
    const ds = await loadDataset('german', { dataDir: noData, cacheDir: freshCache(), fetch: fetchVia });
    expect(asked).toEqual([
      'https://dataverse.harvard.edu/api/access/datafile/8550931',
      'https://dataverse.harvard.edu/api/access/datafile/8550930',
    ]);
    expect(ds.schema.names).toHaveLength(60);
    expect(ds.provenance.files.every((f) => f.verified === 'registry')).toBe(true);
  });

  it('a truncated file fails the checksum and nothing is written', async () => {
    const cacheDir = freshCache();
    const e = await asyncErrorOf(() => loadDataset('compas', { dataDir: noData, cacheDir, mirror: mirror('truncated') }));
    expect(e.code).toBe('CHECKSUM_MISMATCH');
    expect(e.message).toContain('nothing was written');
    expect(e.message).toContain('fd4666753c588b36cc083792749ef3777a6ffe2a84d3f2e089b1af9ef1cef161');
    expect(existsSync(join(cacheDir, 'compas', 'compas-train.csv'))).toBe(false);
    expect(leftovers(join(cacheDir, 'compas'))).toEqual([]);
  });

  it('a file with a wrong checksum is rejected, or accepted with verify: false', async () => {
    const cacheDir = freshCache();
    const e = await asyncErrorOf(() => loadDataset('compas', { dataDir: noData, cacheDir, mirror: mirror('corrupt') }));
    expect(e.code).toBe('CHECKSUM_MISMATCH');
    expect(e.details.expected).toBe('fd4666753c588b36cc083792749ef3777a6ffe2a84d3f2e089b1af9ef1cef161');
    expect(e.details.sha256).not.toBe(e.details.expected);
    expect(existsSync(join(cacheDir, 'compas', 'compas-train.csv'))).toBe(false);
    // The corrupt byte may break parsing; only check that verify: false gets past the checksum.
    const r = await loadDataset('compas', { dataDir: noData, cacheDir, mirror: mirror('corrupt'), verify: false }).catch((x: unknown) => x);
    expect((r as { code?: string }).code).not.toBe('CHECKSUM_MISMATCH');
    // A file with a published checksum gets no recorded one, even when verify was off.
    expect(existsSync(join(cacheDir, 'compas', 'compas-train.csv'))).toBe(true);
    expect(existsSync(join(cacheDir, 'compas', 'compas-train.csv.sha256'))).toBe(false);
  });

  it('an interrupted transfer is OFFLINE and leaves no file', async () => {
    const cacheDir = freshCache();
    const e = await asyncErrorOf(() => loadDataset('compas', { dataDir: noData, cacheDir, mirror: mirror('cut') }));
    expect(e.code).toBe('OFFLINE');
    expect(e.message).toContain('interrupted');
    expect(existsSync(join(cacheDir, 'compas', 'compas-train.csv'))).toBe(false);
  });

  it('HTTP 404 is NOT_FOUND with the address and how to supply the file', async () => {
    const e = await asyncErrorOf(() => loadDataset('compas', { dataDir: noData, cacheDir: freshCache(), mirror: mirror('missing') }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('HTTP 404');
    expect(e.message).toContain('by hand');
  });
});

describe('datasets without a shared copy (gmsc, heart, pima split)', () => {
  it.each([
    ['gmsc', '8550934'],
    ['heart', '8550932'],
  ] as const)('%s offline: a clear OFFLINE error naming the address, the paths tried and the manual route', async (name, id) => {
    const asked: string[] = [];
    const offline: typeof fetch = async (input) => {
      asked.push(String(input));
      throw new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND dataverse.harvard.edu') });
    };
    const cacheDir = freshCache();
    const e = await asyncErrorOf(() => loadDataset(name, { dataDir: noData, cacheDir, fetch: offline }));
    expect(asked).toEqual([`https://dataverse.harvard.edu/api/access/datafile/${id}`]);
    expect(e.code).toBe('OFFLINE');
    expect(e.message).toContain(`https://dataverse.harvard.edu/api/access/datafile/${id}`);
    expect(e.message).toContain('ENOTFOUND');
    expect(e.message).toContain(join(noData, name, `${name}-train.csv`));
    expect(e.message).toContain(join(cacheDir, name, `${name}-train.csv`));
    expect(e.message).toContain('To supply it by hand');
    expect(e.details.tried).toContain(join(cacheDir, name, `${name}-test.csv`));
  });

  it('gmsc from a Dataverse-style tab-separated file: checksum recorded on first download, checked afterwards', async () => {
    const cacheDir = freshCache();
    const ds = await loadDataset('gmsc', { dataDir: noData, cacheDir, mirror: mirror('ok') });
    expect(ds.schema.names).toHaveLength(10);
    expect(ds.schema.kinds.every((k) => k === 'continuous')).toBe(true);
    expect(ds.train.x.rows + ds.validation!.x.rows).toBe(40);
    // First read: nothing was compared (the sidecar was just computed from these very bytes).
    expect(ds.provenance.files.map((f) => [f.source, f.verified])).toEqual([
      ['download', 'unverified'],
      ['download', 'unverified'],
    ]);
    const reads = ds.provenance.steps.filter((st) => st.startsWith('read '));
    expect(reads).toHaveLength(2);
    for (const st of reads) expect(st).toContain('unverified (no published checksum; recorded now)');
    expect(ds.provenance.steps.join('\n')).not.toContain('matches');
    expect(ds.provenance.warnings.filter((w) => w.includes('checksum unverified'))).toHaveLength(2);
    expect(ds.provenance.warnings.join('\n')).toContain(sha(served.get('8550934')!));
    expect(availableDatasets({ dataDir: noData, cacheDir })).toEqual(['gmsc']);
    const cached = join(cacheDir, 'gmsc', 'gmsc-train.csv');
    expect(readFileSync(`${cached}.sha256`, 'utf8').trim()).toBe(sha(served.get('8550934')!));
    // Later reads compare with the recorded checksum, and say that it is not a published one.
    const later = await loadDataset('gmsc', { dataDir: noData, cacheDir, download: false });
    expect(later.provenance.files.map((f) => [f.source, f.verified])).toEqual([
      ['cache', 'recorded'],
      ['cache', 'recorded'],
    ]);
    for (const st of later.provenance.steps.filter((x) => x.startsWith('read ')))
      expect(st).toContain('matches the checksum recorded at first download (not a published one)');
    expect(later.provenance.warnings.filter((w) => w.includes('not a published one'))).toHaveLength(2);
    writeFileSync(cached, readFileSync(cached, 'utf8').replace('\n0.5', '\n1.5'));
    const e = await asyncErrorOf(() => loadDataset('gmsc', { dataDir: noData, cacheDir, download: false }));
    expect(e.code).toBe('CHECKSUM_MISMATCH');
    expect(e.message).toContain('delete it');
  });

  it("heart with unexpected columns loads with the file's columns and a warning", async () => {
    const ds = await loadDataset('heart', { dataDir: noData, cacheDir: freshCache(), mirror: mirror('ok') });
    expect(ds.schema.names).toEqual(['sex', 'age']);
    expect(ds.provenance.warnings.join('\n')).toContain('differ from the registry');
    expect(ds.provenance.files.every((f) => f.verified === 'unverified')).toBe(true);
    expect(ds.provenance.warnings.join('\n')).toContain('checksum unverified');
  });

  it('pima without the unsplit file downloads the Dataverse split', async () => {
    const ds = await loadDataset('pima', { dataDir: noData, cacheDir: freshCache(), mirror: mirror('ok'), validationFraction: 0 });
    expect(ds.provenance.split).toBeUndefined();
    expect(ds.provenance.files.map((f) => f.file)).toEqual(['pima-train.csv', 'pima-test.csv']);
    expect([ds.train.x.rows, ds.test.x.rows]).toEqual([30, 10]);
  });
});
