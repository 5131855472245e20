import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { csvAdapter } from './adapters/csvAdapter.js';
import { csvSource } from './adapters/csvSource.js';
import { jsonlAdapter } from './adapters/jsonlAdapter.js';
import { jsonlSource } from './adapters/jsonlSource.js';
import { parseCsvTable } from './adapters/parseCsvTable.js';
import { parseJsonlItems } from './adapters/parseJsonlItems.js';
import { runAuditSource } from './adapters/runAuditSource.js';
import { itemsToJsonl } from './adapters/itemsToJsonl.js';
import { auditEnvelope } from './auditEnvelope.js';
import { permutedNullAttributions } from './controls/permutedNullAttributions.js';
import { generateDemoCorpus } from './demo/generateDemoCorpus.js';
import { generateDemoTable } from './demo/generateDemoTable.js';
import { verifyLedger } from './receipts/verifyLedger.js';
import { LEDGER_FORMAT } from './receipts/ledger.js';
import { runAudit } from './runAudit.js';
import { runAuditCommand } from './runAuditCommand.js';
import { runTabularAudit } from './tabular/runTabularAudit.js';

const code = async (f: () => unknown): Promise<string | undefined> => {
  try {
    await f();
  } catch (e) {
    return isXaiError(e) ? `${e.code}:${(e.details as { arg?: string }).arg}` : `other:${String(e)}`;
  }
  return undefined;
};

describe('unknown option keys are BAD_OPTION (checkOptions) in every public function taking options', () => {
  const items = generateDemoCorpus({ items: 20 }).items;
  const table = generateDemoTable({ rows: 40, testRows: 0 });
  const { blind, labels } = itemsToJsonl(items);
  const csv = 'a,b,y\n1,2,0\n3,4,1\n5,6,0\n';
  const cases: [string, () => unknown, string][] = [
    ['runAudit', () => runAudit(items, { permutation: 10 } as never), 'options.permutation'],
    ['runTabularAudit', () => runTabularAudit(table, { leakAccuracy: 0.98 } as never), 'options.leakAccuracy'],
    ['runAuditSource', () => runAuditSource({ kind: 'items', name: 'x', items, inputs: [] }, { seeds: 1 } as never), 'options.seeds'],
    ['csvSource', () => csvSource({ name: 'c.csv', content: csv }, { lable: 'y' } as never), 'options.lable'],
    [
      'jsonlSource',
      () => jsonlSource({ blind: { name: 'b', content: blind }, labels: { name: 'l', content: labels }, extra: 1 } as never),
      'inputs.extra',
    ],
    ['parseCsvTable', () => parseCsvTable(csv, { missingValues: [] } as never), 'options.missingValues'],
    ['parseJsonlItems', () => parseJsonlItems(blind, labels, { blind: 'x' } as never), 'options.blind'],
    ['generateDemoCorpus', () => generateDemoCorpus({ item: 3 } as never), 'options.item'],
    ['generateDemoTable', () => generateDemoTable({ row: 3 } as never), 'options.row'],
    ['auditEnvelope', () => auditEnvelope({ rebuilds: 1, audits: {} } as never), 'options.audits'],
    [
      'permutedNullAttributions',
      () => permutedNullAttributions({ rows: 1, cols: 2, data: new Float64Array(2) }, 0, { key: [] } as never),
      'options.key',
    ],
    ['runAuditCommand', () => runAuditCommand({ adapter: 'demo', permutation: 3 } as never), 'options.permutation'],
    ['csvAdapter.load', () => csvAdapter.load({ file: 'x.csv', tests: 'y.csv' } as never), 'options.tests'],
    ['jsonlAdapter.load', () => jsonlAdapter.load({ blind: 'b', labels: 'l', label: 'x' } as never), 'options.label'],
    [
      'verifyLedger',
      () => verifyLedger({ format: LEDGER_FORMAT, entries: [] }, { baseDir: '.', tolerence: 1 } as never),
      'options.tolerence',
    ],
  ];
  for (const [name, f, arg] of cases) it(name, async () => expect(await code(f)).toBe(`BAD_OPTION:${arg}`));
});

describe('missing values in CSV input', () => {
  it('opt-in markers become NaN in numeric columns; without them a marker is an error', () => {
    const text = 'a,b,y\n1,NA,0\n2,5,1\n,6,0\n4,7,1\n';
    const t = parseCsvTable(text, { missing: ['', 'NA'] });
    expect(Array.from(t.data).map((v) => (Number.isNaN(v) ? 'NaN' : v))).toEqual([1, 'NaN', 2, 5, 'NaN', 6, 4, 7]);
    expect(t.categorical).toEqual({});
    expect(() => parseCsvTable(text)).toThrow(expect.objectContaining({ code: 'PARSE_ERROR' }));
    expect(() => parseCsvTable('a,y\n1,NA\n2,1\n', { missing: ['NA'] })).toThrow(/missing label/);
  });
});
