// Receipts ledger: re-runs every recorded command and fails on any difference.
//   node scripts/verify-receipts.mjs            verify receipts/ledger.json (exit 1 on any difference)
//   node scripts/verify-receipts.mjs --record   re-record the ledger from receipts/commands.json
//   node scripts/verify-receipts.mjs --only id1,id2
// Paths in the ledger are relative to this package; run after `npx tsup`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { LEDGER_FORMAT, recordLedgerEntry, verifyLedger } from '../dist/node.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const ledgerPath = join(pkg, 'receipts/ledger.json');
const args = process.argv.slice(2);
const onlyArg = args.indexOf('--only');
const only = onlyArg >= 0 ? args[onlyArg + 1].split(',') : undefined;

if (args.includes('--record')) {
  const { commands } = JSON.parse(readFileSync(join(pkg, 'receipts/commands.json'), 'utf8'));
  const entries = [];
  for (const c of commands) {
    process.stdout.write(`recording ${c.id} ... `);
    entries.push(await recordLedgerEntry(c.id, c.argv, { baseDir: pkg, description: c.description }));
    console.log('ok');
  }
  writeFileSync(ledgerPath, `${JSON.stringify({ format: LEDGER_FORMAT, entries }, null, 1)}\n`);
  console.log(`wrote ${entries.length} entries to receipts/ledger.json`);
} else {
  const ledger = JSON.parse(readFileSync(ledgerPath, 'utf8'));
  const { ok, checks } = await verifyLedger(ledger, { baseDir: pkg, ...(only ? { only } : {}) });
  for (const c of checks) {
    console.log(`${c.ok ? 'OK  ' : 'FAIL'} ${c.id}`);
    for (const d of c.differences) console.log(`       ${d}`);
  }
  console.log(
    ok ? `all ${checks.length} receipts reproduce` : `${checks.filter((c) => !c.ok).length} of ${checks.length} receipts do NOT reproduce`,
  );
  process.exit(ok ? 0 : 1);
}
