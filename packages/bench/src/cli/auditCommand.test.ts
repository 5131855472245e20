import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './runCli.js';

async function xai(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['node', 'xai', 'audit', ...args], { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('xai audit: arguments', () => {
  it.each([['constructor'], ['__proto__'], ['toString']])('a positional %s is a usage error naming it (exit 2)', async (word) => {
    const r = await xai('--adapter', 'demo', word);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`unexpected argument "${word}"`));
    expect(r.err).not.toMatch(/not iterable/);
  });

  it('--sign without --cue length is a usage error (exit 2)', async () => {
    const r = await xai('--adapter', 'demo', '--sign', 'bogus');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--sign bogus/);
  });

  it('a classification corpus from --file --text --label, invalid UTF-8 named by line and offset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-cls-'));
    const rows = Array.from({ length: 90 }, (_, i) => ({
      id: `p${i}`,
      h: `w${(i * 7) % 13} w${(i * 5) % 11}`,
      y: i === 3 ? '-' : `c${i % 3}`,
    }));
    writeFileSync(join(dir, 'x.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    const ok = await xai('--adapter', 'jsonl', '--file', join(dir, 'x.jsonl'), '--text', 'h', '--label', 'y', '--permutations', '20');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/89 items .*1 rows skipped/);
    expect(ok.out).toMatch(/bag-of-words:h/);
    writeFileSync(
      join(dir, 'bad.jsonl'),
      Buffer.from([...Buffer.from('{"h":"a","y":"b"}\n{"h":"caf'), 0xe9, ...Buffer.from('","y":"c"}\n')]),
    );
    const bad = await xai('--adapter', 'jsonl', '--file', join(dir, 'bad.jsonl'), '--text', 'h', '--label', 'y');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/bad\.jsonl: line 2: invalid UTF-8 at byte offset 27/);
  });
});

describe('xai audit: help, bounds and --out', () => {
  it('--help lists every flag of @xai/audit with where it applies', async () => {
    const { AUDIT_FLAGS } = await import('@xai/audit/auditFlags');
    let out = '';
    await runCli(['node', 'xai', 'audit', '--help'], { out: (s) => (out += s), err: (s) => (out += s) }).catch(() => 0);
    for (const f of AUDIT_FLAGS) expect(out, f.flag).toContain(f.flag);
    expect(out).toMatch(/--answer <column> +the answer: an index/);
    // --data, which xai handles itself, sits in the same table: its help starts in the column of every other flag's.
    const column = (line: string): number => line.search(/\S/) + line.trim().search(/ {2}\S/) + 2;
    const lines = out.split('\n');
    const data = lines.find((l) => l.trim().startsWith('--data <csv>'))!;
    const answer = lines.find((l) => l.trim().startsWith('--answer <column>'))!;
    expect(data.slice(column(data))).toMatch(/^the same as --adapter csv --file <csv>/);
    expect(column(data)).toBe(column(answer));
  });

  it('--data=FILE reads the table like --data FILE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-data-'));
    const csv = join(dir, 't.csv');
    writeFileSync(csv, ['a,b,y', ...Array.from({ length: 60 }, (_, i) => `${(i * 7) % 11},${(i * 3) % 5},${i % 2}`)].join('\n'));
    const split = await xai('--data', csv, '--label', 'y', '--permutations', '10', '--json');
    const inline = await xai(`--data=${csv}`, '--label', 'y', '--permutations', '10', '--json');
    expect(inline.code).toBe(0);
    expect(JSON.parse(inline.out).probes).toEqual(JSON.parse(split.out).probes);
  });

  it('--permutations 1e9 is a usage error naming the flag before any work (exit 2)', async () => {
    const r = await xai('--adapter', 'demo', '--permutations', '1e9');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--permutations must be an integer >= 1 and <= 10000, got 1000000000/);
  });

  it('--out writes the report and says where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-out-'));
    const r = await xai('--adapter', 'demo', '--items', '40', '--permutations', '10', '--cue', 'none', '--out', join(dir, 'a.md'));
    expect(r.code).toBe(0);
    expect(r.err).toContain(`audit report written to ${join(dir, 'a.md')}`);
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toMatch(/\| position \| no \|/);
  });
});
