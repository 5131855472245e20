import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itemsToJsonl } from '../adapters/itemsToJsonl.js';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import type { Ledger } from './ledger.js';
import { LEDGER_FORMAT } from './ledger.js';
import { recordLedgerEntry } from './recordLedgerEntry.js';
import { diff, verifyLedger } from './verifyLedger.js';

describe('receipts ledger', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-ledger-'));
  const { blind, labels } = itemsToJsonl(generateDemoCorpus({ items: 60, cues: { case: 1 } }).items);
  writeFileSync(join(dir, 'b.jsonl'), blind);
  writeFileSync(join(dir, 'l.jsonl'), labels);
  const argv = ['--adapter', 'jsonl', '--blind', 'b.jsonl', '--labels', 'l.jsonl', '--permutations', '20'];

  it('records an entry and verifies it (paths stay relative)', async () => {
    const entry = await recordLedgerEntry('case-cue', argv, { baseDir: dir, description: 'case cue, 60 items' });
    expect(Object.keys(entry.inputs)).toEqual(['b.jsonl', 'l.jsonl']);
    expect(JSON.stringify(entry.expected)).not.toContain(dir);
    expect(JSON.stringify(entry.expected)).not.toContain('"version"');
    const ledger: Ledger = { format: LEDGER_FORMAT, entries: [entry] };
    const res = await verifyLedger(JSON.parse(JSON.stringify(ledger)), { baseDir: dir });
    expect(res).toEqual({ ok: true, checks: [{ id: 'case-cue', ok: true, differences: [] }] });
  });

  it('fails on a changed number, a changed input or a missing input', async () => {
    const entry = await recordLedgerEntry('case-cue', argv, { baseDir: dir });
    const changed = JSON.parse(JSON.stringify(entry));
    changed.expected.probes[1].accuracy = 0.5;
    const r1 = await verifyLedger({ format: LEDGER_FORMAT, entries: [changed] }, { baseDir: dir });
    expect(r1.ok).toBe(false);
    expect(r1.checks[0]!.differences).toEqual(['probes[1].accuracy: expected 0.5, got 1']);

    const other = mkdtempSync(join(tmpdir(), 'xai-ledger-'));
    writeFileSync(join(other, 'b.jsonl'), blind);
    // change one label: the input hash no longer matches
    const lines = labels.trim().split('\n');
    const first = JSON.parse(lines[0]!);
    const item = JSON.parse(blind.split('\n')[0]!);
    first.answer = item.candidates.find((c: { id: string }) => c.id !== first.answer).id;
    writeFileSync(join(other, 'l.jsonl'), `${[JSON.stringify(first), ...lines.slice(1)].join('\n')}\n`);
    const r2 = await verifyLedger({ format: LEDGER_FORMAT, entries: [entry] }, { baseDir: other });
    expect(r2.ok).toBe(false);
    expect(r2.checks[0]!.differences[0]).toMatch(/^input changed: l\.jsonl/);

    const r3 = await verifyLedger({ format: LEDGER_FORMAT, entries: [entry] }, { baseDir: join(dir, 'nowhere') });
    expect(r3.checks[0]!.differences).toEqual(['input missing: b.jsonl', 'input missing: l.jsonl']);
  });

  it('rejects a file that is not a ledger', async () => {
    await expect(verifyLedger({ format: 'other', entries: [] } as never, { baseDir: dir })).rejects.toMatchObject({ code: 'PARSE_ERROR' });
  });

  it('diff compares numbers within a relative tolerance', () => {
    const out: string[] = [];
    diff({ a: [1, 2], b: 'x' }, { a: [1 + 1e-15, 3], b: 'y', c: 1 }, '', 1e-12, out);
    expect(out).toEqual(['a[1]: expected 2, got 3', 'b: expected "x", got "y"', 'c: expected undefined, got 1']);
  });
});
