import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { AUDIT_FLAGS, auditFlagHelp } from './auditFlags.js';
import { runAuditCommand } from './runAuditCommand.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-audit-mode-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const cls = file(
  'c.jsonl',
  Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `r${i}`, t: `w${i % 7}`, y: `c${i % 2}` })).join('\n'),
);
const table = file('t.csv', ['a,b,y', ...Array.from({ length: 40 }, (_, i) => `${i % 7},${(i * 3) % 5},${i % 2}`)].join('\n'));

/** The BAD_OPTION / NOT_FOUND a command line is refused with (a run that succeeds fails the test). */
async function refusal(argv: string[]): Promise<{ code: string; arg: unknown; message: string }> {
  try {
    await runAuditCommand(argv);
  } catch (e) {
    if (isXaiError(e)) return { code: e.code, arg: e.details.arg, message: e.message };
    throw e;
  }
  throw new Error(`ran: ${argv.join(' ')}`);
}

describe('xai audit: flags that do not apply, bounds, fields', () => {
  it('a flag outside its mode is an error naming the flag and the mode, never ignored', async () => {
    const pairs = ['--adapter', 'jsonl', '--blind', cls, '--labels', cls];
    for (const [extra, key, what] of [
      [['--label', 'y'], 'label', /--label does not apply to multiple choice from --blind\/--labels \(the answers come from --labels\)/],
      [['--cue', 'case'], 'cue', /--cue does not apply to multiple choice/],
      [['--missing', 'NA'], 'missing', /--missing does not apply/],
      [['--answer-base', '1'], 'answerBase', /--answer-base does not apply/],
    ] as const) {
      const e = await refusal([...pairs, ...extra]);
      expect([e.code, e.arg], extra.join(' ')).toEqual(['BAD_OPTION', key]);
      expect(e.message).toMatch(what);
    }
    const demo = await refusal(['--adapter', 'demo', '--label', 'y']);
    expect(demo.message).toMatch(/--label does not apply to --adapter demo/);
    const tab = await refusal(['--adapter', 'csv', '--file', table, '--id', 'a']);
    expect([tab.arg, tab.message]).toEqual(['id', expect.stringMatching(/--id does not apply to a table/)]);
    const clsMissing = await refusal(['--adapter', 'jsonl', '--file', cls, '--text', 't', '--label', 'y', '--missing', 'NA']);
    expect(clsMissing.message).toMatch(/rows without a label are skipped and counted/);
  });

  it('--file beside --blind/--labels, and a jsonl --file without --text, say which flags to give', async () => {
    const e = await refusal(['--adapter', 'jsonl', '--blind', cls, '--labels', cls, '--file', cls]);
    expect([e.arg, e.message]).toEqual(['file', expect.stringMatching(/--file does not apply beside --blind\/--labels/)]);
    const noText = await refusal(['--adapter', 'jsonl', '--file', cls, '--label', 'y']);
    expect([noText.arg, noText.message]).toEqual(['text', expect.stringMatching(/needs --text <fields> and --label <field>/)]);
    expect(noText.message).not.toMatch(/^[^(]*needs --blind/);
    const half = await refusal(['--adapter', 'csv', '--file', table, '--answer', 'y']);
    expect([half.arg, half.message]).toEqual(['candidates', expect.stringMatching(/needs --candidates/)]);
  });

  it('numbers outside their documented bounds are refused before any work (no file is read)', async () => {
    const missing = join(dir, 'nope.csv');
    for (const [flag, value, key] of [
      ['--permutations', '1e9', 'permutations'],
      ['--permutations', '0', 'permutations'],
      ['--permutations', '2.5', 'permutations'],
      ['--quantile', '1', 'quantile'],
      ['--margin', '-0.1', 'margin'],
      ['--min-covered', '0', 'minCovered'],
    ] as const) {
      const e = await refusal(['--adapter', 'csv', '--file', missing, flag, value]);
      expect([e.code, e.arg], `${flag} ${value}`).toEqual(['BAD_OPTION', key]);
      expect(e.message).toContain(flag);
    }
    expect((await refusal(['--adapter', 'demo', '--rebuilds', '5000'])).message).toMatch(/--rebuilds must be an integer .*<= 1000/);
    expect((await refusal(['--adapter', 'demo', '--items', '1e7'])).arg).toBe('items');
    expect((await refusal(['--adapter', 'demo', '--candidates', '40'])).arg).toBe('candidates');
    expect((await refusal(['--adapter', 'demo', '--family', 'holm'])).arg).toBe('familyWise');
    expect(await refusal(['--adapter', 'csv', '--file', missing, '--permutations', '10'])).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('--text naming the label, and misspelt fields, are named with a did-you-mean', async () => {
    const self = await refusal(['--adapter', 'jsonl', '--file', cls, '--text', 'y', '--label', 'y']);
    expect([self.arg, self.message]).toEqual(['text', expect.stringMatching(/names the label field "y"/)]);
    const typo = await refusal(['--adapter', 'jsonl', '--file', cls, '--text', 't', '--label', 'why']);
    expect(typo.code).toBe('NOT_FOUND');
    expect(typo.message).toMatch(/--label why: no row of .*c\.jsonl has a field "why" \(did you mean "y"\?\)/);
    const text = await refusal(['--adapter', 'jsonl', '--file', cls, '--text', 'tt', '--label', 'y']);
    expect(text.message).toMatch(/--text tt: .*did you mean "t"/);
  });

  it('every flag of the table has help and a key; the help lists each once', () => {
    const help = auditFlagHelp();
    for (const f of AUDIT_FLAGS) expect(help.split('\n').filter((l) => l.trimStart().startsWith(`${f.flag} `)).length, f.flag).toBe(1);
  });
});
