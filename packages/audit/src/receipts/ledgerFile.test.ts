import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../test/helpers.js';
import type { Ledger, LedgerEntry } from './ledger.js';
import { verifyLedger } from './verifyLedger.js';

// The committed ledger backs the README's numbers. CI re-runs every entry except the long
// envelopes (more than 20 rebuilds: ~5-10 s each; their first 5 and 20 rebuilds are the
// entries envelope-id-shape-5/-20, which do run here). `npm run receipts` re-runs them all.
const pkg = new URL('../../', import.meta.url).pathname;
const ledger = JSON.parse(readFileSync(`${pkg}receipts/ledger.json`, 'utf8')) as Ledger;
const rebuilds = (e: LedgerEntry): number => {
  const i = e.argv.indexOf('--rebuilds');
  return i >= 0 ? Number(e.argv[i + 1]) : 0;
};
const fast = ledger.entries.filter((e) => rebuilds(e) <= 20);
const demo = fast.filter((e) => Object.keys(e.inputs).length === 0).map((e) => e.id);
// Entries whose input files exist here (the SynthGauss CSVs live in /tmp: written by the
// one-off command recorded in the entry's description; skipped when absent).
const present = (e: LedgerEntry): boolean => Object.keys(e.inputs).every((p) => existsSync(isAbsolute(p) ? p : join(pkg, p)));
const withFiles = fast.filter((e) => Object.keys(e.inputs).length > 0 && present(e)).map((e) => e.id);

describe('receipts/ledger.json', () => {
  it('every demo entry with ≤ 20 rebuilds reproduces exactly', async () => {
    expect(demo.length).toBeGreaterThanOrEqual(5);
    const res = await verifyLedger(ledger, { baseDir: pkg, only: demo });
    expect(res.checks.map((c) => c.id)).toEqual(demo);
    for (const c of res.checks) expect(c.differences, c.id).toEqual([]);
  });

  it.skipIf(!existsSync(DATASETS))(
    'every shared-dataset entry reproduces exactly (skipped when ../shared/datasets is missing)',
    async () => {
      expect(withFiles.length).toBeGreaterThanOrEqual(6); // the six shared datasets
      const res = await verifyLedger(ledger, { baseDir: pkg, only: withFiles });
      for (const c of res.checks) expect(c.differences, c.id).toEqual([]);
    },
  );
});
