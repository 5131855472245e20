import { describe, expect, it } from 'vitest';
import { toAuditJson } from './auditReport.js';
import { generateDemoCorpus } from './demo/generateDemoCorpus.js';
import { formatAuditTable } from './formatAuditTable.js';
import { runAudit } from './runAudit.js';

describe('formatAuditTable and toAuditJson', () => {
  const report = runAudit(generateDemoCorpus({ items: 120, cues: { length: { strength: 1, sign: 'shortest' } } }).items, {
    permutations: 30,
  });

  it('terminal table: header, one row per probe, summary with floor and null', () => {
    const text = formatAuditTable(report, 'terminal');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^probe\s+fires\s+sign\s+coverage\s+accuracy\s+null mean\s+null upper\s+bound\s+lift/);
    expect(lines.filter((l) => /^(position|case|length|echo|query-overlap|stray-field|id-shape|echo-case)\s/.test(l))).toHaveLength(8);
    expect(text).toMatch(/length\s+FIRES\s+shortest\s+120\/120 100\.0%\s+100\.0%/);
    expect(text).toMatch(/Shortcut floor: length \(shortest\) 100\.0% .* vs permuted-label null \d+\.\d% \(upper \d+\.\d%\)/);
  });

  it('markdown table has a separator row and escapes pipes', () => {
    const md = formatAuditTable(report, 'markdown');
    expect(md.split('\n')[1]).toMatch(/^\|---\|---\|---\|---:/);
    expect(md.split('\n').filter((l) => l.startsWith('| ')).length).toBe(9);
  });

  it('JSON has the contract keys, and undefined rates become null', () => {
    const json = toAuditJson(report);
    expect(Object.keys(json.probes[0]!).slice(0, 8)).toEqual([
      'name',
      'fires',
      'sign',
      'coverage',
      'accuracy',
      'nullMean',
      'nullUpper',
      'lift',
    ]);
    expect(json.items).toBe(120);
    expect(json.receipt).toMatchObject({ tool: '@xai/audit', permutations: 30, seed: 0, nullKind: 'within-item' });
    expect(json.receipt.itemsHash).toMatch(/^[0-9a-f]{64}$/);
    const silent = runAudit(generateDemoCorpus({ items: 30 }).items, { permutations: 5, probes: [{ name: 'never', choose: () => -1 }] });
    const p = toAuditJson(silent).probes[0]!;
    expect(p.accuracy).toBeNull();
    expect(p.fires).toBe(false);
    expect(JSON.parse(JSON.stringify(toAuditJson(silent))).probes[0].nullMean).toBeNull();
  });
});
