import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ledger } from './ledger.js';
import { verifyLedger } from './verifyLedger.js';

// The committed ledger backs the README's numbers; the cheapest entries are re-run here so
// that a code change that moves a quoted number fails CI (the full ledger: `npm run receipts`).
describe('receipts/ledger.json', () => {
  it('the demo entries still reproduce exactly', async () => {
    const pkg = new URL('../../', import.meta.url).pathname;
    const ledger = JSON.parse(readFileSync(`${pkg}receipts/ledger.json`, 'utf8')) as Ledger;
    const res = await verifyLedger(ledger, { baseDir: pkg, only: ['demo-default', 'demo-length-shortest', 'demo-echo-case'] });
    expect(res.checks).toHaveLength(3);
    for (const c of res.checks) expect(c.differences, c.id).toEqual([]);
  });
});
