// Every command that writes, with its outputs on a full disk: a typed IO_ERROR naming the path and
// ENOSPC, and nothing left behind — no temp file, no torn or empty output, no folder it made.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMountTmpfs, runOnFullDisk } from './fullDisk/runOnFullDisk.js';
import { csvRows, csvText, lrJson, quickBench } from './inputCorpus/shared.js';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-full-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// XAI_TEST_FULL_DISK=injected runs the fallback everywhere (as on a machine without tmpfs mounts).
const how = process.env.XAI_TEST_FULL_DISK !== 'injected' && canMountTmpfs() ? 'tmpfs' : 'injected';
const at = (f: string): string => join(dir, f);

function ok(args: string[]): void {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')}: ${r.stderr}`);
}

beforeAll(() => {
  assertBuilt();
  writeFileSync(at('data.csv'), csvText(csvRows(60)));
  writeFileSync(at('test.csv'), csvText(csvRows(20, 60)));
  writeFileSync(at('lr.json'), lrJson(2));
  ok(['explain', '--model', at('lr.json'), '--instances', at('test.csv'), '--label', 'y', '--method', 'grad', '--out', at('g.json')]);
  const bench = (out: string, extra: string[] = []) =>
    quickBench(at('data.csv'), at('cache'), at(out), ['--test', at('test.csv'), '--instances', '4', '--block-size', '2', ...extra]);
  ok(bench('s1', ['--shard', '1/2']));
  ok(bench('s2', ['--shard', '2/2']));
});

const explain = (out: string): string[] => [
  'explain',
  '--model',
  at('lr.json'),
  '--instances',
  at('test.csv'),
  '--label',
  'y',
  '--method',
  'grad',
  '--out',
  out,
];

const commands: [string, (full: string) => string[], string][] = [
  ['explain --out', (full) => explain(join(full, 'a.json')), 'a.json'],
  ['explain --out (CSV)', (full) => explain(join(full, 'a.csv')), 'a.csv'],
  [
    'evaluate --out',
    (full) => [
      'evaluate',
      '--model',
      at('lr.json'),
      '--instances',
      at('test.csv'),
      '--label',
      'y',
      '--attributions',
      at('g.json'),
      '--metric',
      'PGI',
      '--out',
      join(full, 'e.json'),
    ],
    'e.json',
  ],
  [
    'train --out',
    (full) => [
      'train',
      '--data',
      at('data.csv'),
      '--label',
      'y',
      '--models',
      'lr',
      '--cache-dir',
      at('cache'),
      '--out',
      join(full, 'models'),
    ],
    'models',
  ],
  [
    'data export --out',
    (full) => ['data', 'export', '--data', at('data.csv'), '--label', 'y', '--out', join(full, 'exported')],
    'exported',
  ],
  ['report --out', (full) => ['report', at('s1'), '--allow-partial', '--out', join(full, 'r')], 'r'],
  ['merge --out', (full) => ['merge', at('s1'), at('s2'), '--out', join(full, 'm')], 'm'],
];

describe(`a full disk (${how})`, () => {
  it.each(commands)('xai %s: IO_ERROR naming the path and ENOSPC, nothing left', (_name, args, named) => {
    const r = runOnFullDisk(args, how);
    expect(r.code, r.stderr).toBe(1);
    // The last line is the error (warnings may come first), one line, no stack.
    expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(/^xai: \[IO_ERROR\] /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).toContain(named);
    expect(r.stderr).toMatch(/ENOSPC \(no space left on the device\)/);
    expect(r.left).toEqual([]);
  });

  it('the injected full disk also applies where a tmpfs is mounted (the fallback is exercised)', () => {
    const r = runOnFullDisk((full) => explain(join(full, 'a.json')), 'injected');
    expect(r.stderr).toMatch(/\[IO_ERROR\].*a\.json: ENOSPC/);
    expect(r.left).toEqual([]);
  });
});
