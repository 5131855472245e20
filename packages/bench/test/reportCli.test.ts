// xai report on damaged results, and a second xai bench on a locked folder, through the built CLI.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOY_ENGINE, assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-report-cli-'));
const RUN = [
  '--engine',
  TOY_ENGINE,
  '--datasets',
  'synthetic',
  '--models',
  'lr',
  '--instances',
  '8',
  '--block-size',
  '4',
  '--explainers',
  'grad,lime',
  '--metrics',
  'FA,RIS',
  '--workers',
  '1',
];

describe('xai report / xai bench: damaged results and locks (built CLI)', () => {
  const out = join(dir, 'run');
  beforeAll(() => {
    assertBuilt();
    const r = runCliSync(['bench', ...RUN, '--out', out], { tsx: true });
    if (r.code !== 0) throw new Error(r.stderr);
  });

  it('a torn line: exit 1, one line naming results.jsonl:line; --allow-partial: exit 0, PARTIAL', () => {
    const path = join(out, 'results.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[4] = lines[4]!.slice(0, 30);
    writeFileSync(path, lines.join('\n'));
    const r = runCliSync(['report', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^xai: \[PARSE_ERROR\] [^\n]*results\.jsonl:5 is cut short[^\n]*\n$/);
    // The folder holds complete reports: partial ones go elsewhere (--out), never over them.
    const refused = runCliSync(['report', out, '--allow-partial']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds complete reports and these results are partial.*--out <dir>/);
    const elsewhere = join(out, 'partial');
    const p = runCliSync(['report', out, '--allow-partial', '--out', elsewhere]);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toContain('rebuilt PARTIAL reports');
    expect(readFileSync(join(elsewhere, 'report.md'), 'utf8')).toContain('results.jsonl:5 (torn)');
    expect(readFileSync(join(out, 'report.md'), 'utf8')).not.toContain('PARTIAL');
  });

  it('a second xai bench on a folder locked by a live process: exit 1, LOCKED', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(
        join(out, 'xai.lock'),
        JSON.stringify({ pid: holder.pid, host: hostname(), startedAt: new Date().toISOString(), command: 'xai bench' }),
      );
      const r = runCliSync(['bench', ...RUN, '--out', out], { tsx: true });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^xai: \\[LOCKED\\] [^\\n]*pid ${holder.pid}[^\\n]*\\n$`));
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
