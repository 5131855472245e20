// Scores the corpus against a built CLI and prints the totals (before/after comparisons):
//   npx tsx packages/bench/test/inputCorpus/report.ts [--cli path/to/dist/cli.js] [--list]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusCases } from './cases.js';
import { BUILT_CLI, runCorpus, tally } from './score.js';
import { writeShared } from './shared.js';

const argv = process.argv.slice(2);
const cli = argv.includes('--cli') ? argv[argv.indexOf('--cli') + 1]! : BUILT_CLI;
const root = mkdtempSync(join(tmpdir(), 'xai-corpus-'));
try {
  const shared = join(root, 'shared');
  writeShared(shared, cli);
  const cases = corpusCases();
  const results = await runCorpus(cases, join(root, 'cases'), shared, { cli });
  const { total, bySurface } = tally(results);
  console.log(`cli: ${cli}`);
  console.log(`${cases.length} cases: ${total.clear} clear, ${total.unclear} unclear, ${total.bad} bad`);
  for (const [s, t] of Object.entries(bySurface)) console.log(`  ${s.padEnd(13)} ${t.clear} clear, ${t.unclear} unclear, ${t.bad} bad`);
  if (argv.includes('--list'))
    for (const r of results.filter((x) => x.verdict !== 'clear'))
      console.log(`${r.verdict.padEnd(8)} ${r.id}: ${r.why} | exit ${r.code} | ${r.stderr.trim().slice(0, 240)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
