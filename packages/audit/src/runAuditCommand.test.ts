import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itemsToJsonl } from './adapters/itemsToJsonl.js';
import { generateDemoCorpus } from './demo/generateDemoCorpus.js';
import { parseAuditArgs } from './parseAuditArgs.js';
import { runAuditCommand } from './runAuditCommand.js';

describe('runAuditCommand', () => {
  it('demo: tables for the clean and a cued corpus, JSON with the contract shape', async () => {
    const res = await runAuditCommand(['--adapter', 'demo', '--items', '120', '--permutations', '30']);
    expect(res.text).toMatch(/== demo \(clean\): 120 items, corpus sha256:/);
    expect(res.text).toMatch(/== demo \(cue: position 1\)/);
    const json = res.json as {
      probes: { name: string; fires: boolean }[];
      items: number;
      receipt: { command: string; corpus: { id: string } };
      cued: { probes: { name: string; fires: boolean }[] };
    };
    expect(json.probes.map((p) => p.name)).toEqual([
      'position',
      'case',
      'length',
      'echo',
      'query-overlap',
      'stray-field',
      'id-shape',
      'echo-case',
    ]);
    expect(json.items).toBe(120);
    expect(json.receipt.command).toBe('xai audit --adapter demo --items 120 --permutations 30');
    expect(json.receipt.corpus.id).toBe(generateDemoCorpus({ items: 120 }).id);
    expect(json.cued.probes.filter((p) => p.fires).map((p) => p.name)).toEqual(['position']);
    expect(res.exitCode).toBe(0);
  });

  it('demo cue options and --fail-on-fire', async () => {
    const res = await runAuditCommand([
      '--adapter',
      'demo',
      '--cue',
      'length',
      '--sign',
      'shortest',
      '--strength',
      '0.9',
      '--items',
      '100',
      '--permutations',
      '20',
      '--fail-on-fire',
      '--markdown',
    ]);
    expect(res.text).toMatch(/\| length \| FIRES \| shortest \|/);
    expect(res.exitCode).toBe(1);
  });

  it('--family none selects the per-probe rule (recorded in the receipt)', async () => {
    const { json } = await runAuditCommand([
      '--adapter',
      'demo',
      '--items',
      '60',
      '--permutations',
      '20',
      '--cue',
      'none',
      '--family',
      'none',
    ]);
    const j = json as {
      familyCritical: number | null;
      receipt: { familyWise: string };
      probes: { threshold: number | null; nullUpper: number | null }[];
    };
    expect(j.receipt.familyWise).toBe('none');
    expect(j.familyCritical).toBeNull();
    for (const p of j.probes) expect(p.threshold).toBe(p.nullUpper);
  });

  it('demo --rebuilds prints envelopes', async () => {
    const res = await runAuditCommand(['--adapter', 'demo', '--cue', 'none', '--rebuilds', '3', '--items', '60', '--permutations', '10']);
    expect(res.text).toMatch(/envelope over 3 rebuilds of 60 items/);
    expect((res.json as { envelopes: unknown[] }).envelopes).toHaveLength(1);
  });

  it('jsonl and csv adapters from files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-cmd-'));
    const { blind, labels } = itemsToJsonl(generateDemoCorpus({ items: 80, cues: { 'stray-field': 1 } }).items);
    writeFileSync(join(dir, 'b.jsonl'), blind);
    writeFileSync(join(dir, 'l.jsonl'), labels);
    const j = await runAuditCommand({ adapter: 'jsonl', blind: join(dir, 'b.jsonl'), labels: join(dir, 'l.jsonl'), permutations: 20 });
    expect((j.json as { probes: { name: string; fires: boolean }[] }).probes.filter((p) => p.fires).map((p) => p.name)).toEqual([
      'stray-field',
    ]);
    expect((j.json as { receipt: { inputs: { sha256: string }[] } }).receipt.inputs).toHaveLength(2);
    const rows = ['a,b,y', ...Array.from({ length: 80 }, (_, i) => `${i % 7},${(i * 13) % 11},${i < 40 ? 0 : 1}`)].join('\n');
    writeFileSync(join(dir, 't.csv'), rows);
    const c = await runAuditCommand(['--adapter', 'csv', '--file', join(dir, 't.csv'), '--permutations', '20', '--probes', 'row-order']);
    expect(c.text).toMatch(/row-order\s+FIRES/);
    expect((c.json as { probes: unknown[] }).probes).toHaveLength(1);
  });

  it('argument errors are BAD_OPTION', async () => {
    expect(() => parseAuditArgs(['--adapter', 'demo', '--bogus'])).toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
    expect(() => parseAuditArgs(['--items', '3'])).toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
    expect(() => parseAuditArgs(['--adapter', 'demo', '--items', 'many'])).toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
    expect(() => parseAuditArgs(['--adapter', 'demo', '--items'])).toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
    expect(parseAuditArgs(['--adapter=csv', '--file=x.csv'])).toMatchObject({ adapter: 'csv', file: 'x.csv' });
    await expect(runAuditCommand({ adapter: 'jsonl' })).rejects.toMatchObject({ code: 'BAD_OPTION' });
    await expect(runAuditCommand(['--adapter', 'demo', '--items', '40', '--family', 'holm'])).rejects.toMatchObject({
      code: 'BAD_OPTION',
      details: expect.objectContaining({ arg: 'familyWise' }),
    });
    await expect(runAuditCommand({ adapter: 'csv' })).rejects.toMatchObject({ code: 'BAD_OPTION' });
    await expect(runAuditCommand({ adapter: 'xml' as never })).rejects.toMatchObject({ code: 'BAD_OPTION' });
    await expect(runAuditCommand({ adapter: 'demo', cue: 'nope' as never })).rejects.toMatchObject({ code: 'BAD_OPTION' });
    await expect(runAuditCommand({ adapter: 'demo', probes: 'position,nope' })).rejects.toMatchObject({ code: 'BAD_OPTION' });
  });
});

describe('runAuditCommand --out', () => {
  it('writes text, Markdown or JSON by extension, atomically; never over an input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-out-'));
    const rows = ['a,b,y', ...Array.from({ length: 60 }, (_, i) => `${i % 7},${(i * 13) % 11},${i % 2}`)].join('\n');
    const csv = join(dir, 't.csv');
    writeFileSync(csv, rows);
    const base = ['--adapter', 'csv', '--file', csv, '--permutations', '10'];
    const j = await runAuditCommand([...base, '--out', join(dir, 'r.json')]);
    expect(j.out).toBe(join(dir, 'r.json'));
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(j.json)));
    const m = await runAuditCommand([...base, '--out', join(dir, 'r.md')]);
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toMatch(/^== csv t\.csv .*\n\| probe \| fires \|/);
    expect(m.text).not.toMatch(/\| probe \|/); // stdout keeps its own flavour
    await runAuditCommand([...base, '--out', join(dir, 'r.txt')]);
    expect(readFileSync(join(dir, 'r.txt'), 'utf8')).toBe(m.text.endsWith('\n') ? m.text : `${m.text}\n`);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(runAuditCommand([...base, '--out', csv])).rejects.toMatchObject({ code: 'BAD_OPTION', details: { arg: 'out' } });
    expect(readFileSync(csv, 'utf8')).toBe(rows);
    await expect(runAuditCommand([...base, '--out', dir])).rejects.toMatchObject({ code: 'BAD_OPTION', details: { arg: 'out' } });
    await expect(runAuditCommand([...base, '--out', join(dir, 'no', 'r.txt')])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('runAuditCommand: decimal commas', () => {
  it('a ;-separated table reads 1,3 as 1.3 (the same report as the decimal-point file); a ,-separated one is refused by line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-decimal-'));
    const values = Array.from({ length: 80 }, (_, i) => [((i * 37) % 50) / 10, ((i * 11) % 30) / 10 + 1, i % 2] as const);
    const point = join(dir, 'point.csv');
    const comma = join(dir, 'comma.csv');
    writeFileSync(point, ['x;z;y', ...values.map(([x, z, y]) => `${x.toFixed(1)};${z.toFixed(1)};${y}`)].join('\n'));
    writeFileSync(
      comma,
      ['x;z;y', ...values.map(([x, z, y]) => `${x.toFixed(1).replace('.', ',')};${z.toFixed(1).replace('.', ',')};${y}`)].join('\n'),
    );
    const run = (f: string) => runAuditCommand(['--adapter', 'csv', '--file', f, '--permutations', '10', '--json']);
    const a = (await run(point)).json as { probes: { name: string; fires: boolean; accuracy: number | null }[] };
    const b = (await run(comma)).json as { probes: { name: string; fires: boolean; accuracy: number | null }[] };
    expect(b.probes).toEqual(a.probes);
    expect(b.probes.find((p) => p.name === 'id-column')!.fires).toBe(false);
    const us = join(dir, 'us.csv');
    writeFileSync(us, ['x,y', ...values.map(([x, , y]) => `"${x.toFixed(1).replace('.', ',')}",${y}`)].join('\n'));
    await expect(run(us)).rejects.toMatchObject({ code: 'PARSE_ERROR', details: { line: 2, column: 'x', reason: 'decimal-comma' } });
  });
});
