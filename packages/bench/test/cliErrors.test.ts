import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-cli-errors-'));
writeFileSync(join(dir, 'unknown-key.json'), JSON.stringify({ instances: 5, instancez: 5 }));
writeFileSync(join(dir, 'bad.json'), '{"instances": 5,');
writeFileSync(join(dir, 'array.json'), '[1, 2]');
writeFileSync(join(dir, 'bad-type.json'), JSON.stringify({ workers: 'many' }));
writeFileSync(join(dir, 'dup.json'), '{\n  "seed": 1,\n  "seed": 2\n}\n');

// Each case: the arguments, the expected exit code, and a phrase the one-line message must hold.
const cases: [string[], number, RegExp][] = [
  [['bench', '--frobnicate'], 2, /unknown option '--frobnicate'/],
  [['bench', '--instances', 'abc'], 2, /instances.*"abc"/],
  [['bench', '--instances', '0'], 2, /instances.*\[1, 1000000\]/],
  [['bench', '--preset', 'fast'], 2, /preset.*default, openxai, paper.*"fast"/],
  [['bench', '--datasets', 'synthetic,mnist'], 2, /unknown name "mnist"/],
  [['bench', '--explainers', 'grad,nosuch'], 2, /unknown name "nosuch"/],
  [['bench', '--metrics', 'FA,XYZ'], 2, /unknown name "XYZ"/],
  [['bench', '--models', 'svm'], 2, /unknown name "svm"/],
  [['bench', '--shard', '3/2'], 2, /shard.*1 <= i <= n/],
  [['bench', '--shard', 'half'], 2, /shard.*i\/n/],
  [['bench', '--workers', '-1'], 2, /workers/],
  [['bench', '--full', '--instances', '5'], 2, /--full means 1000/],
  [['bench', '--config', join(dir, 'unknown-key.json')], 2, /unknown key "instancez"/],
  [['bench', '--config', join(dir, 'bad.json')], 1, /bad\.json, line 1, column 17/],
  [['bench', '--config', join(dir, 'dup.json')], 1, /dup\.json, line 3, column \d+: duplicate key "seed"/],
  [['bench', '--config', join(dir, 'array.json')], 2, /JSON object/],
  [['bench', '--config', join(dir, 'bad-type.json')], 2, /workers.*"many"/],
  [['bench', '--config', join(dir, 'missing.json')], 1, /NOT_FOUND.*--config.*missing\.json/],
  [['bench', '--instances', '3', '--instances', '4'], 2, /--instances: given twice \("3", then "4"\)/],
  [['bench', '--instances', '2000000'], 2, /instances: expected an integer in \[1, 1000000\]/],
  [
    ['bench', '--explainers', 'grad', '--explainer-instances', 'lime=3'],
    2,
    /--explainer-instances: sets lime=3.*does not explain with lime/,
  ],
  [
    ['evaluate', '--model', 'm.json', '--instances', 'x.csv', '--attributions', 'a.json', '--metric', 'FA', '--metric', 'PGI'],
    2,
    /--metric: given twice/,
  ],
  [
    ['explain', '--model', 'm.json', '--instances', 'x.csv', '--method', 'grad', '--out', 'o.json', '--input-dim', '3'],
    2,
    /--input-dim.*--model m\.json is a JSON model/,
  ],
  [
    ['evaluate', '--model', 'm.json', '--instances', 'x.csv', '--attributions', 'a.json', '--metric', 'FA', '--model-input', 'scaled'],
    2,
    /--model-input chooses the input space of --data rows/,
  ],
  [['report', join(dir, 'nowhere')], 1, /no manifest.json/],
  [['merge', join(dir, 'a')], 2, /required option '--out/],
  [['merge', join(dir, 'nowhere'), '--out', join(dir, 'm')], 1, /no manifest.json/],
  [['bench', '--missing', 'drop-rows'], 2, /--missing describes a user CSV: give --data/],
  [['train', '--data', join(dir, 'my.csv'), '--label', 'y', '--missing', 'drop'], 2, /missing: expected error or drop-rows, got "drop"/],
  [
    ['explain', '--model', 'm.json', '--instances', 'x.csv', '--method', 'grad', '--out', 'o.json', '--missing', 'drop-rows'],
    2,
    /--missing says what a missing cell of --data does/,
  ],
  [
    ['evaluate', '--model', 'm.json', '--instances', 'x.csv', '--attributions', 'a.json', '--metric', 'PGI', '--missing', 'drop-rows'],
    2,
    /--missing says what a missing cell of --data does/,
  ],
  [['frobnicate'], 2, /unknown command 'frobnicate'/],
  [['explain', '--model', 'm.json', '--instances', 'x.csv', '--method', 'grad', '--out', ''], 2, /--out is empty/],
];

describe('xai: bad flags and configs', () => {
  beforeAll(assertBuilt);
  it.each(cases)('xai %j -> exit %i, one line', (args, code, message) => {
    const r = runCliSync(args);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(/^xai: [^\n]+\n$/); // exactly one line, no stack
    expect(r.stderr).toMatch(message);
  });
  it('exits 2 with the help on stderr when no command is given', () => {
    const r = runCliSync([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: xai/);
  });
});

describe('xai: --help on every command, with examples', () => {
  beforeAll(assertBuilt);
  it.each([['bench'], ['merge'], ['report'], ['data', 'list'], ['train'], ['explain'], ['evaluate'], ['audit'], []])(
    'xai %s --help',
    (...cmd) => {
      const r = runCliSync([...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: xai/);
      expect(r.stdout).toMatch(/Examples:\n\s+\$ xai/);
    },
  );
});
