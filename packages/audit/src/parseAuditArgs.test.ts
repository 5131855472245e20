import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from './parseAuditArgs.js';
import { runAuditCommand } from './runAuditCommand.js';

const badOption = (f: () => unknown): { arg: unknown; message: string } => {
  try {
    f();
  } catch (e) {
    if (isXaiError(e, 'BAD_OPTION')) return { arg: e.details.arg, message: e.message };
    throw e;
  }
  throw new Error('did not throw');
};

describe('parseAuditArgs', () => {
  it('positional arguments, prototype names and repeated flags are BAD_OPTION naming the argument', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'data.csv']) {
      const e = badOption(() => parseAuditArgs(['--adapter', 'demo', word]));
      expect(e.arg).toBe(word);
      expect(e.message).toContain(word);
    }
    for (const flag of ['--constructor', '--__proto__', '--toString'])
      expect(badOption(() => parseAuditArgs(['--adapter', 'demo', flag])).arg).toBe(flag);
    expect(badOption(() => parseAuditArgs(['--adapter', 'demo', '--seed', '1', '--seed=2'])).arg).toBe('--seed');
    expect(badOption(() => parseAuditArgs(['--adapter', 'csv', '--file', 'a.csv', '--train', 'b.csv'])).arg).toBe('--train');
  });

  it('reads the classification flags', () => {
    const o = parseAuditArgs([
      '--adapter',
      'jsonl',
      '--file',
      'x.jsonl',
      '--text',
      'premise,hypothesis',
      '--label',
      'gold_label',
      '--id=pairID',
      '--encoding',
      'latin1',
    ]);
    expect([o.file, o.text, o.label, o.id, o.encoding]).toEqual(['x.jsonl', 'premise,hypothesis', 'gold_label', 'pairID', 'latin1']);
  });
});

describe('runAuditCommand --sign', () => {
  it('is an error unless it is longest or shortest with --cue length', async () => {
    for (const argv of [
      ['--adapter', 'demo', '--sign', 'bogus'],
      ['--adapter', 'demo', '--sign', 'shortest'],
      ['--adapter', 'demo', '--cue', 'length', '--sign', 'bogus'],
      ['--adapter', 'demo', '--cue', 'position', '--sign', 'longest'],
    ]) {
      await expect(runAuditCommand(argv)).rejects.toMatchObject({ code: 'BAD_OPTION', details: { arg: 'sign' } });
    }
  });
});

describe('runAuditCommand --features', () => {
  it('needs --text, and its value must be a feature kind', async () => {
    await expect(runAuditCommand(['--adapter', 'demo', '--features', 'chars'])).rejects.toMatchObject({
      code: 'BAD_OPTION',
      details: { arg: 'features' },
    });
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-features-'));
    const file = join(dir, 'c.jsonl');
    writeFileSync(
      file,
      Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `r${i}`, t: `w${i % 7} v${i % 5}`, y: i % 2 })).join('\n'),
    );
    const run = (features: string) =>
      runAuditCommand([
        '--adapter',
        'jsonl',
        '--file',
        file,
        '--text',
        't',
        '--label',
        'y',
        '--features',
        features,
        '--permutations',
        '10',
      ]);
    await expect(run('bytes')).rejects.toMatchObject({ code: 'BAD_OPTION', details: { arg: 'features' } });
    const ok = await run('chars');
    expect((ok.json as { probes: { name: string }[] }).probes.map((p) => p.name)).toEqual(['bag-of-words:t', 'id-content']);
  });
});
