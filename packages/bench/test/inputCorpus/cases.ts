// The corpus: bad or borderline inputs over every surface a user reaches from the command line
// (their CSVs, schemas, model files, ONNX graphs, configs, flags, output folders, saved results,
// attribution files, audit arguments). Each case breaks one thing of a valid input and says what
// a clear message must name. Built from families (a bad token × a place) so the corpus is not
// tuned to any one list of faults.
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CorpusCase } from './score.js';
import { HEADER, attributionsJson, cp1252Bytes, csvRows, csvText, lrJson, peopleCsv, quickBench } from './shared.js';

const rows = csvRows(60);
const testRows = csvRows(20, 60);

/** `xai bench` on a user CSV in the case folder (3 instances; `--out out` last). */
const benchOn = (data: string, shared: string, extra: string[] = []): string[] =>
  quickBench(data, join(shared, 'cache'), 'out', ['--instances', '3', ...extra]);

/** A copy of the valid rows with one cell replaced (1-based file line, column name). */
function withCell(line: number, column: string, value: string, base = rows): string {
  const cells = base.map((r) => r.map(String));
  cells[line - 2]![HEADER.split(',').indexOf(column)] = value;
  return csvText(cells);
}

const BAD_NUMBERS = ['NaN', 'nan', 'inf', '-Infinity', '1e309', '#DIV/0!', 'NA', '?', ''];

function csvCellCases(): CorpusCase[] {
  const out: CorpusCase[] = [];
  BAD_NUMBERS.forEach((token, k) => {
    for (const [column, line] of [
      ['a', 5 + k],
      ['b', 20 + k],
    ] as const) {
      out.push({
        id: `csv-cell-${column}-${k}`,
        surface: 'csv',
        files: { 'd.csv': withCell(line, column, token) },
        args: (_dir, shared) => benchOn('d.csv', shared),
        expect: 'error',
        mentions: ['d.csv', `line ${line}`, new RegExp(`column \\d+ \\(?"?${column}`)],
        leaves: 'out',
      });
    }
    out.push({
      id: `csv-test-cell-${k}`,
      surface: 'csv',
      files: { 'd.csv': csvText(rows), 't.csv': withCell(4, 'b', token, testRows) },
      args: (_dir, shared) => benchOn('d.csv', shared, ['--test', 't.csv']),
      expect: 'error',
      mentions: ['t.csv', 'line 4'],
      leaves: 'out',
    });
  });
  ['NaN', 'inf', '', '?', '0.5'].forEach((token, k) => {
    out.push({
      id: `csv-label-cell-${k}`,
      surface: 'csv',
      files: { 'd.csv': withCell(7, 'y', token) },
      args: (_dir, shared) => benchOn('d.csv', shared),
      expect: 'error',
      mentions: ['d.csv', token === '0.5' ? /regression|label/ : 'line 7'],
      leaves: 'out',
    });
  });
  return out;
}

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);
const utf16 = (s: string, bom: boolean): Uint8Array => {
  const body = Buffer.from(s, 'utf16le');
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
};

function csvFileCases(): CorpusCase[] {
  const good = csvText(rows);
  const wide = `${Array.from({ length: 5000 }, (_, j) => `f${j}`).join(',')},y\n${Array.from({ length: 4 }, (_, i) => `${Array.from({ length: 5000 }, (_, j) => (i + j) % 7).join(',')},${i % 2}`).join('\n')}\n`;
  const files: [string, string | Uint8Array, 'error' | 'ok', (string | RegExp)[]][] = [
    ['ragged-long', good.replace('\n1,', '\n1,2,'), 'error', ['d.csv', /line \d+/]],
    ['ragged-short', `${HEADER}\n1,2,1\n${rows.map((r) => r.join(',')).join('\n')}\n`, 'error', ['d.csv', 'line 2']],
    ['duplicate-header', good.replace(HEADER, 'a,b,a,y'), 'error', ['d.csv', /"a"/]],
    ['header-only', `${HEADER}\n`, 'error', ['d.csv']],
    ['empty', '', 'error', ['d.csv']],
    ['blank-lines', '\n\n\n', 'error', ['d.csv']],
    ['bom', `\uFEFF${good}`, 'ok', []],
    ['crlf', good.replace(/\n/g, '\r\n'), 'ok', []],
    ['semicolons', good.replace(/,/g, ';'), 'ok', []],
    ['quoted-header', good.replace(HEADER, '"a, first",b,c,y'), 'ok', []],
    ['gzip', gzipSync(good), 'error', ['d.csv', /gzip/i]],
    ['zip', bytes(0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0), 'error', ['d.csv', /zip/i]],
    ['pdf', Buffer.from('%PDF-1.7\n1 0 obj\n'), 'error', ['d.csv', /PDF/]],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'error', ['d.csv', /PNG/]],
    ['utf16-bom', utf16(good, true), 'error', ['d.csv', /UTF-16/]],
    ['utf16-nobom', utf16(good, false), 'error', ['d.csv', /UTF-16/]],
    ['binary', bytes(0, 1, 2, 3, 255, 254, 7, 0, 9, 10), 'error', ['d.csv']],
    ['one-class', csvText(rows.map((r) => [...r.slice(0, 3), 1])), 'error', ['d.csv', /one class|single class|1 class|only one/i]],
    ['many-int-labels', csvText(rows.slice(0, 20).map((r, i) => [...r.slice(0, 3), i * 3])), 'error', [/regression/]],
    ['text-labels-many', csvText(rows.map((r, i) => [...r.slice(0, 3), `label${i}`])), 'error', ['d.csv', /label|class/]],
    ['unicode-names', good.replace(HEADER, 'âge,b€,ç,y'), 'ok', []],
    ['wide-5000', wide, 'error', ['d.csv', '5000']],
    ['trailing-comma-header', good.replace(HEADER, `${HEADER},`), 'error', ['d.csv']],
    ['spaces-in-numbers', good.replace('\n1,', '\n 1 ,'), 'ok', []],
  ];
  const out: CorpusCase[] = files.map(([id, content, expect, mentions]) => ({
    id: `csv-file-${id}`,
    surface: 'csv',
    files: { 'd.csv': content },
    args: (_dir, shared) => benchOn('d.csv', shared),
    expect,
    mentions,
    ...(expect === 'error' ? { leaves: 'out' } : {}),
  }));
  const withTest = (id: string, test: string, expect: 'error' | 'ok', mentions: (string | RegExp)[]): CorpusCase => ({
    id: `csv-test-${id}`,
    surface: 'csv',
    files: { 'd.csv': good, 't.csv': test },
    args: (_dir, shared) => benchOn('d.csv', shared, ['--test', 't.csv']),
    expect,
    mentions,
    ...(expect === 'error' ? { leaves: 'out' } : {}),
  });
  const t = (header: string, f: (r: number[]) => (number | string)[]) => csvText(testRows.map(f), header);
  out.push(
    withTest(
      'missing-column',
      t('a,b,y', (r) => [r[0]!, r[1]!, r[3]!]),
      'error',
      ['t.csv', '"c"'],
    ),
    withTest(
      'extra-column',
      t('a,b,c,z,y', (r) => [r[0]!, r[1]!, r[2]!, 9, r[3]!]),
      'error',
      ['t.csv', '"z"'],
    ),
    withTest(
      'other-order',
      t('b,a,y,c', (r) => [r[1]!, r[0]!, r[3]!, r[2]!]),
      'ok',
      [],
    ),
    withTest(
      'no-label',
      t('a,b,c', (r) => r.slice(0, 3)),
      'error',
      ['t.csv', '"y"'],
    ),
    withTest('header-only', `${HEADER}\n`, 'error', ['t.csv']),
    withTest(
      'unseen-label',
      t(HEADER, (r) => [...r.slice(0, 3), 2]),
      'error',
      ['t.csv', /2/],
    ),
    withTest('semicolons', t(HEADER, (r) => r).replace(/,/g, ';'), 'ok', []),
    {
      id: 'csv-label-missing',
      surface: 'csv',
      files: { 'd.csv': good },
      args: (_dir, shared) => [...benchOn('d.csv', shared).map((a) => (a === 'y' ? 'target' : a))],
      expect: 'error',
      mentions: ['d.csv', '"target"', /a, b, c, y|"a"/],
      leaves: 'out',
    },
  );
  return out;
}

function schemaCases(): CorpusCase[] {
  const good = csvText(rows);
  const cases: [string, string, 'error' | 'ok', (string | RegExp)[]][] = [
    ['invalid-json', '{"label": "y",', 'error', ['s.json']],
    ['bom', '\uFEFF{"label": "y"}', 'ok', []],
    ['unknown-field', '{"label": "y", "colour": "red"}', 'error', ['s.json', 'colour']],
    ['feature-not-in-file', '{"label": "y", "features": [{"name": "zz", "kind": "continuous"}]}', 'error', ['s.json', '"zz"']],
    ['bad-kind', '{"label": "y", "features": [{"name": "a", "kind": "ordinal"}]}', 'error', ['s.json', 'ordinal']],
    ['label-disagrees', '{"label": "c"}', 'error', ['s.json', /label/]],
    ['classes-not-in-data', '{"label": "y", "classes": ["no", "yes"]}', 'error', ['s.json', /no|yes/]],
    ['groups-unknown', '{"label": "y", "groups": [["a", "q"]]}', 'error', ['s.json', '"q"']],
    ['array-root', '[1, 2]', 'error', ['s.json']],
    ['missing-mode', '{"label": "y", "missing": "sometimes"}', 'error', ['s.json', 'sometimes']],
    ['task-bad', '{"label": "y", "task": "ranking"}', 'error', ['s.json', 'ranking']],
    ['ignore-label', '{"label": "y", "ignore": ["y"]}', 'error', ['s.json', '"y"']],
  ];
  const out: CorpusCase[] = cases.map(([id, schema, expect, mentions]) => ({
    id: `schema-${id}`,
    surface: 'schema',
    files: { 'd.csv': good, 's.json': schema },
    args: (_dir, shared) => benchOn('d.csv', shared, ['--schema', 's.json']),
    expect,
    mentions,
    ...(expect === 'error' ? { leaves: 'out' } : {}),
  }));
  out.push({
    id: 'schema-missing-file',
    surface: 'schema',
    files: { 'd.csv': good },
    args: (_dir, shared) => benchOn('d.csv', shared, ['--schema', 'nope.json']),
    expect: 'error',
    mentions: ['nope.json'],
    leaves: 'out',
  });
  return out;
}

/** `xai bench --model <file> --data <shared data>`. */
const benchModel = (model: string, shared: string, extra: string[] = []): string[] => [
  'bench',
  '--model',
  model,
  '--data',
  join(shared, 'data.csv'),
  '--test',
  join(shared, 'test.csv'),
  '--label',
  'y',
  '--explainers',
  'grad',
  '--metrics',
  'PGI',
  '--instances',
  '3',
  '--workers',
  '1',
  '--cache-dir',
  join(shared, 'cache'),
  '--out',
  'out',
  ...extra,
];

function modelCases(): CorpusCase[] {
  const m = JSON.parse(lrJson(2)) as Record<string, unknown> & { layers: { weight: number[][]; bias: number[] }[] };
  const edit = (f: (j: typeof m) => unknown): string => {
    const j = JSON.parse(JSON.stringify(m)) as typeof m;
    f(j);
    return JSON.stringify(j);
  };
  const cases: [string, string | Uint8Array, (string | RegExp)[]][] = [
    ['invalid-json', '{"format": "xai-model@1",', ['m.json']],
    ['empty', '', ['m.json']],
    ['format-tag', edit((j) => (j.format = 'keras@2')), ['m.json', 'keras@2']],
    ['bias-length', edit((j) => j.layers[0]!.bias.push(1)), ['m.json', /bias/]],
    ['weight-row', edit((j) => j.layers[0]!.weight[1]!.push(1)), ['m.json', /weight/]],
    ['width-mismatch', lrJson(2, 'softmax', 5), ['m.json', '5', '3']],
    ['three-classes', lrJson(3), ['m.json', '3', '2']],
    ['regression-head', lrJson(1, 'identity'), ['m.json', /regression|value/]],
    ['nan-weight', edit((j) => ((j.layers[0]!.weight[0] as unknown[])[0] = 'NaN')), ['m.json', /weight/]],
    ['activation', edit((j) => ((j.layers[0] as Record<string, unknown>).activation = 'swish')), ['m.json', 'swish']],
    ['negative-dim', edit((j) => (j.inputDim = -3)), ['m.json', /inputDim/]],
    ['no-layers', edit((j) => (j.layers = [])), ['m.json', /layers/]],
    ['gzip', gzipSync(lrJson(2)), ['m.json']],
    ['array', '[]', ['m.json']],
  ];
  const out: CorpusCase[] = cases.map(([id, content, mentions]) => ({
    id: `model-${id}`,
    surface: 'model',
    files: { 'm.json': content },
    args: (_dir, shared) => benchModel('m.json', shared),
    expect: 'error',
    mentions,
    leaves: 'out',
  }));
  out.push({
    id: 'model-second-file-bad',
    surface: 'model',
    files: { 'ok.json': lrJson(2), 'broken.json': edit((j) => j.layers[0]!.bias.pop()) },
    args: (_dir, shared) => [...benchModel('ok.json', shared), '--model', 'broken.json'],
    expect: 'error',
    mentions: ['broken.json'],
    leaves: 'out',
  });
  out.push({
    id: 'model-duplicate-name',
    surface: 'model',
    files: { 'x/m.json': lrJson(2), 'y/m.json': lrJson(2) },
    args: (_dir, shared) => [...benchModel('x/m.json', shared), '--model', 'y/m.json'],
    expect: 'error',
    mentions: ['"m"'],
    leaves: 'out',
  });
  out.push({
    id: 'model-missing-file',
    surface: 'model',
    args: (_dir, shared) => benchModel('absent.json', shared),
    expect: 'error',
    mentions: ['absent.json'],
    leaves: 'out',
  });
  return out;
}

function onnxCases(): CorpusCase[] {
  const cases: [string, string | Uint8Array | null, (shared: string) => string, (string | RegExp)[]][] = [
    ['garbage', bytes(1, 2, 3, 4, 5, 6, 7, 8), () => 'm.onnx', ['m.onnx']],
    ['text', 'this is not a model', () => 'm.onnx', ['m.onnx']],
    ['empty', '', () => 'm.onnx', ['m.onnx']],
    ['three-class', null, (s) => join(s, 'three.onnx'), ['three.onnx', '3', '2']],
  ];
  const out: CorpusCase[] = cases.map(([id, content, path, mentions]) => ({
    id: `onnx-${id}`,
    surface: 'onnx',
    ...(content !== null ? { files: { 'm.onnx': content } } : {}),
    args: (_dir, shared) => benchModel(path(shared), shared),
    expect: 'error',
    mentions,
    leaves: 'out',
  }));
  out.push({
    id: 'onnx-model-input-scaled',
    surface: 'onnx',
    args: (_dir, shared) => benchModel(join(shared, 'lr.onnx'), shared, ['--model-input', 'scaled']),
    expect: 'ok',
    mentions: [],
  });
  out.push({
    id: 'onnx-input-dim-bad',
    surface: 'onnx',
    args: (_dir, shared) => [
      'explain',
      '--model',
      join(shared, 'lr.onnx'),
      '--instances',
      join(shared, 'test.csv'),
      '--label',
      'y',
      '--method',
      'grad',
      '--input-dim',
      'three',
      '--out',
      'g.json',
    ],
    expect: 'error',
    mentions: ['--input-dim', '"three"'],
  });
  return out;
}

function configCases(): CorpusCase[] {
  const cases: [string, string, 'error' | 'ok', (string | RegExp)[]][] = [
    ['invalid-json', '{"instances": 3,', 'error', ['c.json']],
    ['bom', '\uFEFF{"instances": 3, "models": "lr", "explainers": "grad", "metrics": "PGI", "workers": 1}', 'ok', []],
    ['unknown-key', '{"instancs": 3}', 'error', ['instancs']],
    ['instances-text', '{"instances": "ten"}', 'error', ['instances', '"ten"']],
    ['instances-float', '{"instances": 2.5}', 'error', ['instances', '2.5']],
    ['workers-zero', '{"workers": 0}', 'error', ['workers', '0']],
    ['shard-no-count', '{"shard": {"index": 1}}', 'error', ['shard', '"count"']],
    ['shard-inverted', '{"shard": {"index": 3, "count": 2}}', 'error', ['shard', '3/2']],
    ['shard-text', '{"shard": "a/b"}', 'error', ['shard', '"a/b"']],
    ['array-root', '[1]', 'error', ['JSON object']],
    ['null-root', 'null', 'error', ['JSON object']],
    ['empty', '', 'error', ['c.json']],
    ['datasets-number', '{"datasets": 5}', 'error', ['datasets', '5']],
    ['preset-number', '{"preset": 5}', 'error', ['preset', '5']],
    ['proto-key', '{"__proto__": {"instances": 3}}', 'error', ['__proto__']],
    ['resume-text', '{"resume": "yes"}', 'error', ['resume', '"yes"']],
  ];
  return cases.map(([id, text, expect, mentions]) => ({
    id: `config-${id}`,
    surface: 'config',
    files: { 'c.json': text },
    args: (_dir, shared) => [
      'bench',
      '--config',
      'c.json',
      '--data',
      join(shared, 'data.csv'),
      '--label',
      'y',
      '--cache-dir',
      join(shared, 'cache'),
      '--out',
      'out',
      ...(expect === 'ok' ? ['--instances', '2'] : []),
    ],
    expect,
    mentions,
    ...(expect === 'error' ? { leaves: 'out' } : {}),
  }));
}

function flagCases(): CorpusCase[] {
  const cases: [string, string[], (string | RegExp)[]][] = [
    ['unknown', ['--colour', 'red'], ['--colour']],
    ['instances-zero', ['--instances', '0'], ['instances', '0']],
    ['instances-text', ['--instances', 'many'], ['instances', '"many"']],
    ['instances-float', ['--instances', '1.5'], ['instances', '1.5']],
    ['instances-negative', ['--instances', '-3'], ['instances', '-3']],
    ['workers-zero', ['--workers', '0'], ['workers', '0']],
    ['workers-huge', ['--workers', '100000'], ['workers', '100000']],
    ['seed-negative', ['--seed', '-1'], ['seed', '-1']],
    ['seed-huge', ['--seed', '99999999999'], ['seed']],
    ['shard-zero', ['--shard', '0/1'], ['shard', '0/1']],
    ['shard-over', ['--shard', '4/3'], ['shard', '4/3']],
    ['shard-text', ['--shard', 'first'], ['shard', '"first"']],
    ['block-zero', ['--block-size', '0'], ['--block-size', '0']],
    ['preset', ['--preset', 'quick'], ['preset', '"quick"']],
    ['explainer', ['--explainers', 'grad,gradcam'], ['"gradcam"']],
    ['explainer-empty', ['--explainers', ''], ['explainers']],
    ['metric', ['--metrics', 'PGI,AUROC'], ['"AUROC"']],
    ['dataset', ['--datasets', 'iris'], ['"iris"']],
    ['dataset-proto', ['--datasets', '__proto__'], ['"__proto__"']],
    ['dataset-constructor', ['--datasets', 'constructor'], ['"constructor"']],
    ['metric-tostring', ['--metrics', 'toString'], ['"TOSTRING"']],
    ['layout', ['--layout', 'wide'], ['layout', '"wide"']],
    ['backend', ['--backend', 'cuda'], ['backend', '"cuda"']],
    ['precision', ['--precision', 'float16'], ['precision', '"float16"']],
    ['model-input', ['--model-input', 'standardised'], ['--model-input', '"standardised"']],
    ['model-input-alone', ['--model-input', 'scaled'], ['--model-input', '--model']],
    ['stability-samples-zero', ['--stability-samples', '0'], ['xai bench', '--stability-samples', '0']],
    ['explainer-instances-bare', ['--explainer-instances', 'lime'], ['--explainer-instances', 'lime']],
    ['explainer-instances-unknown', ['--explainer-instances', 'gradcam=5'], ['"gradcam"']],
    ['full-and-instances', ['--full', '--instances', '5'], ['--full', '5']],
    ['stability-instances-text', ['--stability-instances', 'some'], ['--stability-instances']],
  ];
  const out: CorpusCase[] = cases.map(([id, extra, mentions]) => ({
    id: `flag-${id}`,
    surface: 'flags',
    args: (_dir, shared) => ['bench', '--data', join(shared, 'data.csv'), '--label', 'y', '--out', 'out', ...extra],
    expect: 'error',
    mentions,
    leaves: 'out',
  }));
  for (const [id, extra, mentions] of [
    ['label-alone', ['--label', 'y'], ['--label', '--data']],
    ['test-alone', ['--test', 'x.csv'], ['--test', '--data']],
    ['schema-alone', ['--schema', 's.json'], ['--schema', '--data']],
  ] as const)
    out.push({
      id: `flag-${id}`,
      surface: 'flags',
      args: () => ['bench', '--out', 'out', ...extra],
      expect: 'error',
      mentions,
      leaves: 'out',
    });
  return out;
}

function nameCases(): CorpusCase[] {
  const out: CorpusCase[] = [];
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    out.push({
      id: `names-report-${name}`,
      surface: 'names',
      args: () => ['report', name],
      expect: 'error',
      mentions: [name],
    });
    out.push({
      id: `names-audit-${name}`,
      surface: 'names',
      args: () => ['audit', name],
      expect: 'error',
      mentions: [name],
    });
  }
  out.push({
    id: 'names-merge-proto',
    surface: 'names',
    args: () => ['merge', '__proto__', '--out', 'out'],
    expect: 'error',
    mentions: ['__proto__'],
    leaves: 'out',
  });
  out.push({
    id: 'names-audit-sign-alone',
    surface: 'names',
    args: (_dir, shared) => ['audit', '--adapter', 'csv', '--file', join(shared, 'data.csv'), '--label', 'y', '--sign', 'bogus'],
    expect: 'error',
    mentions: ['--sign'],
  });
  return [...out, ...columnFlagCases()];
}

/** A column named by a flag that the file lacks: the message names that flag (never another) and the columns there are. */
function columnFlagCases(): CorpusCase[] {
  const explain = (model: string, instances: string, extra: string[]): string[] => [
    'explain',
    '--model',
    model,
    '--instances',
    instances,
    '--method',
    'grad',
    ...extra,
    '--out',
    'a.json',
  ];
  const lr = (sh: string): string[] => [join(sh, 'lr.json'), join(sh, 'test.csv')];
  const people = (sh: string): string[] => [join(sh, 'people', 'people-lr.json'), join(sh, 'people.csv')];
  const cases: [string, (sh: string) => string[], string[], string, string[]][] = [
    ['label-plain', lr, ['--label', 'nosuch'], '--label', ['"nosuch"', '"a", "b", "c", "y"']],
    ['label-preprocessed', people, ['--label', 'nosuch'], '--label', ['"nosuch"', '"name", "x", "y"']],
    ['ignore-plain', lr, ['--label', 'y', '--ignore', 'zz'], '--ignore', ['"zz"', '"a", "b", "c", "y"']],
    ['ignore-preprocessed', people, ['--ignore', 'zz'], '--ignore', ['"zz"', '"name", "x", "y"']],
  ];
  return cases.map(([id, files, extra, flag, names]) => ({
    id: `names-column-${id}`,
    surface: 'names',
    args: (_dir: string, sh: string) => {
      const [model, instances] = files(sh);
      return explain(model!, instances!, extra);
    },
    expect: 'error' as const,
    mentions: ['xai explain', flag, ...names, new RegExp(`^(?![\\s\\S]*${flag === '--label' ? '--ignore' : '--label'})`)],
    leaves: 'a.json',
  }));
}

function outputCases(): CorpusCase[] {
  const explain = (shared: string, out: string): string[] => [
    'explain',
    '--model',
    join(shared, 'lr.json'),
    '--instances',
    join(shared, 'test.csv'),
    '--label',
    'y',
    '--method',
    'grad',
    '--out',
    out,
  ];
  return [
    {
      id: 'output-out-is-file',
      surface: 'output',
      files: { taken: 'a file, not a folder\n' },
      args: (_dir, shared) => [...benchOn(join(shared, 'data.csv'), shared).filter((a) => a !== 'out'), 'taken'],
      expect: 'error',
      mentions: ['taken', /ENOTDIR|EEXIST|not a directory|exists/],
    },
    {
      id: 'output-out-under-sys',
      surface: 'output',
      args: (_dir, shared) => [...benchOn(join(shared, 'data.csv'), shared).filter((a) => a !== 'out'), '/sys/xai-corpus/out'],
      expect: 'error',
      mentions: ['/sys/xai-corpus', /E[A-Z]+/],
    },
    {
      id: 'output-explain-missing-folder',
      surface: 'output',
      args: (_dir, shared) => explain(shared, 'nowhere/g.json'),
      expect: 'error',
      mentions: ['nowhere/g.json', 'ENOENT'],
    },
    {
      id: 'output-explain-to-folder',
      surface: 'output',
      files: { 'folder/keep': '' },
      args: (_dir, shared) => explain(shared, 'folder'),
      expect: 'error',
      mentions: ['folder', /EISDIR|directory/],
    },
    {
      id: 'output-explain-under-sys',
      surface: 'output',
      args: (_dir, shared) => explain(shared, '/sys/xai-corpus.json'),
      expect: 'error',
      mentions: ['/sys/xai-corpus.json', /E[A-Z]+/],
    },
    {
      id: 'output-train-under-sys',
      surface: 'output',
      args: (_dir, shared) => [
        'train',
        '--data',
        join(shared, 'data.csv'),
        '--label',
        'y',
        '--models',
        'lr',
        '--cache-dir',
        join(shared, 'cache'),
        '--out',
        '/sys/xai-corpus-models',
      ],
      expect: 'error',
      mentions: ['/sys/xai-corpus-models', /E[A-Z]+/],
    },
    {
      id: 'output-train-bad-data-leaves-nothing',
      surface: 'output',
      files: { 'd.csv': withCell(5, 'b', 'NaN') },
      args: (_dir, shared) => [
        'train',
        '--data',
        'd.csv',
        '--label',
        'y',
        '--models',
        'lr',
        '--cache-dir',
        join(shared, 'cache'),
        '--out',
        'models',
      ],
      expect: 'error',
      mentions: ['d.csv', 'line 5'],
      leaves: 'models',
    },
    {
      id: 'output-report-into-file',
      surface: 'output',
      files: { taken: 'x' },
      args: (_dir, shared) => ['report', join(shared, 'run'), '--out', 'taken/r'],
      expect: 'error',
      mentions: ['taken', /ENOTDIR|not a directory/],
    },
  ];
}

function resultsCases(): CorpusCase[] {
  // Each case copies the shared finished run's files into its own folder, damaged one way.
  const cases: [string, (lines: string[]) => string[] | null, (string | RegExp)[]][] = [
    ['deleted-line', (l) => l.filter((_, k) => k !== 2), ['results.jsonl', /lost/]],
    ['repeated-line', (l) => [...l.slice(0, 3), l[1]!, ...l.slice(3)], ['results.jsonl:4', 'repeats line 2']],
    ['torn-line', (l) => l.map((x, k) => (k === 1 ? x.slice(0, 30) : x)), ['results.jsonl:2']],
    [
      'flipped-digit',
      (l) => l.map((x, k) => (k === 0 ? x.replace(/(\d)(\d)(?=[,}])/, (_m, a: string, b: string) => `${a}${(Number(b) + 1) % 10}`) : x)),
      ['results.jsonl:1'],
    ],
    ['emptied', () => [], ['results.jsonl']],
    ['no-results', () => null, ['results.jsonl']],
  ];
  return [
    ...cases.map(
      ([id, damage, mentions]): CorpusCase => ({
        id: `results-${id}`,
        surface: 'results',
        args: (dir, shared) => ['report', copyRun(join(shared, 'run'), join(dir, 'run'), damage)],
        expect: 'error',
        mentions,
      }),
    ),
    {
      id: 'results-no-manifest',
      surface: 'results',
      files: { 'run/results.jsonl': '' },
      args: (dir) => ['report', join(dir, 'run')],
      expect: 'error',
      mentions: ['manifest.json'],
    },
    {
      id: 'results-bad-manifest',
      surface: 'results',
      files: { 'run/manifest.json': '{"format":', 'run/results.jsonl': '' },
      args: (dir) => ['report', join(dir, 'run')],
      expect: 'error',
      mentions: ['manifest.json'],
    },
    {
      id: 'results-merge-duplicate',
      surface: 'results',
      args: (_dir, shared) => ['merge', join(shared, 's1'), join(shared, 's1'), '--out', 'out'],
      expect: 'error',
      mentions: ['s1', /duplicate|twice|same shard|more than once/i],
      leaves: 'out',
    },
    {
      id: 'results-merge-missing-shard',
      surface: 'results',
      args: (_dir, shared) => ['merge', join(shared, 's1'), '--out', 'out'],
      expect: 'error',
      mentions: [/2\/2|shard 2/],
      leaves: 'out',
    },
    {
      id: 'results-merge-not-a-run',
      surface: 'results',
      files: { 'empty/keep': '' },
      args: (dir, shared) => ['merge', join(shared, 's1'), join(dir, 'empty'), '--out', 'out'],
      expect: 'error',
      mentions: ['empty', 'manifest.json'],
      leaves: 'out',
    },
  ];
}

/** Copies a finished run (manifest and results, damaged by `damage`; null removes results.jsonl) and returns the copy's path. */
function copyRun(from: string, to: string, damage: (lines: string[]) => string[] | null): string {
  // Runs in the case's argument builder, after the shared run exists.
  mkdirSync(to, { recursive: true });
  copyFileSync(join(from, 'manifest.json'), join(to, 'manifest.json'));
  const lines = readFileSync(join(from, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const damaged = damage(lines);
  if (damaged !== null) writeFileSync(join(to, 'results.jsonl'), damaged.length > 0 ? `${damaged.join('\n')}\n` : '');
  return to;
}

function attributionCases(): CorpusCase[] {
  const a = JSON.parse(attributionsJson(20, 3)) as { attributions: unknown[][] };
  const edit = (f: (m: unknown[][]) => void): string => {
    const copy = JSON.parse(JSON.stringify(a)) as typeof a;
    f(copy.attributions);
    return JSON.stringify(copy);
  };
  const cases: [string, string, string, (string | RegExp)[]][] = [
    ['null-cell', 'a.json', edit((m) => (m[3]![2] = null)), ['a.json', 'attributions[3][2]']],
    ['string-cell', 'a.json', edit((m) => (m[0]![1] = 'big')), ['a.json', 'attributions[0][1]']],
    ['short-row', 'a.json', edit((m) => m[5]!.pop()), ['a.json', 'attributions[5]']],
    ['too-few-rows', 'a.json', edit((m) => m.splice(0, 4)), ['a.json', '16x3', '20x3']],
    ['not-json', 'a.json', '{"attributions": [[1,', ['a.json']],
    ['no-array', 'a.json', '{"method": "grad"}', ['a.json', 'attributions']],
    [
      'csv-text',
      'a.csv',
      `a,b,c\n${Array.from({ length: 20 }, (_, i) => (i === 6 ? '1,x,2' : '1,2,3')).join('\n')}\n`,
      ['a.csv', 'line 8'],
    ],
    [
      'csv-nan',
      'a.csv',
      `a,b,c\n${Array.from({ length: 20 }, (_, i) => (i === 2 ? '1,NaN,2' : '1,2,3')).join('\n')}\n`,
      ['a.csv', 'line 4'],
    ],
    ['empty', 'a.json', '', ['a.json']],
  ];
  return cases.map(([id, name, content, mentions]) => ({
    id: `attributions-${id}`,
    surface: 'attributions',
    files: { [name]: content },
    args: (_dir, shared) => [
      'evaluate',
      '--model',
      join(shared, 'lr.json'),
      '--instances',
      join(shared, 'test.csv'),
      '--label',
      'y',
      '--attributions',
      name,
      '--metric',
      'PGI',
      '--allow-foreign-attributions',
    ],
    expect: 'error',
    mentions,
  }));
}

/** A copy of the shared explained file (JSON, or CSV with its sidecar), changed by `edit`, in the case folder. */
function editedExplained(shared: string, dir: string, name: string, edit: (text: string) => string, sidecar = true): string {
  const csv = name.endsWith('.csv');
  const from = join(shared, csv ? 'explained.csv' : 'explained.json');
  writeFileSync(join(dir, name), edit(readFileSync(from, 'utf8')));
  if (csv && sidecar && existsSync(`${from}.meta.json`)) copyFileSync(`${from}.meta.json`, join(dir, `${name}.meta.json`));
  return join(dir, name);
}

/** JSON edit: a function of the parsed file. */
const jsonEdit =
  (f: (j: Record<string, unknown> & { attributions: number[][]; features?: string[] }) => void) =>
  (text: string): string => {
    const j = JSON.parse(text);
    f(j);
    return JSON.stringify(j);
  };

/** CSV edit: a function of the rows of cells (header first). */
const csvEdit =
  (f: (rows: string[][]) => string[][]) =>
  (text: string): string =>
    `${f(
      text
        .trim()
        .split('\n')
        .map((l) => l.split(',')),
    )
      .map((r) => r.join(','))
      .join('\n')}\n`;

/** The attribution-file contract: xai evaluate matches by the model, instances, method, names and row ids a file records. */
function attributionContractCases(): CorpusCase[] {
  const evaluate = (shared: string, attributions: string, extra: string[] = [], model = 'lr.json', instances = 'test.csv'): string[] => [
    'evaluate',
    '--model',
    join(shared, model),
    '--instances',
    join(shared, instances),
    '--label',
    'y',
    '--attributions',
    attributions,
    '--metric',
    'PGI',
    ...extra,
  ];
  const FLAG = '--allow-foreign-attributions';
  const cases: [string, (dir: string, shared: string) => string[], 'error' | 'ok', (string | RegExp)[]][] = [
    ['foreign-needs-flag', (_d, s) => evaluate(s, join(s, 'g.json')), 'error', ['g.json', FLAG]],
    [
      'foreign-needs-names',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => {
              delete j.features;
              delete j.model;
            }),
          ),
          [FLAG],
        ),
      'error',
      ['a.json', '"features"'],
    ],
    [
      'other-model',
      (_d, s) => evaluate(s, join(s, 'explained.json'), [], 'lr2.json'),
      'error',
      ['explained.json', 'lr.json', 'lr2.json', FLAG],
    ],
    ['other-model-flag', (_d, s) => evaluate(s, join(s, 'explained.json'), [FLAG], 'lr2.json'), 'ok', [/warning: .*lr2\.json/]],
    ['other-instances', (_d, s) => evaluate(s, join(s, 'explained.json'), [], 'lr.json', 'test2.csv'), 'error', ['test.csv', 'test2.csv']],
    ['other-method', (_d, s) => evaluate(s, join(s, 'explained.json'), ['--method', 'lime']), 'error', ['--method grad', '--method lime']],
    [
      'other-method-csv',
      (_d, s) => evaluate(s, join(s, 'explained.csv'), ['--method', 'lime']),
      'error',
      ['explained.csv', '--method lime'],
    ],
    [
      'names-reversed',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => j.features!.reverse()),
          ),
        ),
      'error',
      ['a.json', /changed after xai explain/],
    ],
    [
      'features-reordered-flag',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => {
              j.features!.reverse();
              j.attributions.forEach((r) => r.reverse());
            }),
          ),
          [FLAG],
        ),
      'ok',
      [],
    ],
    [
      'rows-reordered-flag',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => {
              for (const k of ['rows', 'explainedClass', 'attributions']) (j[k] as unknown[]).reverse();
            }),
          ),
          [FLAG],
        ),
      'ok',
      [],
    ],
    [
      'unknown-name',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => (j.features![1] = 'zz')),
          ),
          [FLAG],
        ),
      'error',
      ['a.json', '"zz"', '"b"'],
    ],
    [
      'rows-all-zero',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => (j.rows = (j.rows as number[]).map(() => 0))),
          ),
          [FLAG],
        ),
      'error',
      ['a.json', 'rows[1]', 'repeats 0'],
    ],
    [
      'row-not-in-instances',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => ((j.rows as number[])[3] = 99)),
          ),
          [FLAG],
        ),
      'error',
      ['a.json', '99', 'test.csv'],
    ],
    [
      'class-out-of-range',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => ((j.explainedClass as number[])[0] = 5)),
          ),
          [FLAG],
        ),
      'error',
      ['explainedClass[0]', '5', '2 classes'],
    ],
    [
      'class-not-predicted',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => {
              const c = j.explainedClass as number[];
              c[2] = 1 - c[2]!;
            }),
          ),
          [FLAG],
        ),
      'error',
      ['explainedClass[2]', 'predicts'],
    ],
    [
      'duplicate-key',
      (d, s) =>
        evaluate(
          s,
          editedExplained(s, d, 'a.json', (t) => t.replace('"method":"grad"', '"method":"grad","method":"lime"')),
        ),
      'error',
      ['a.json', 'line 1', 'duplicate key "method"'],
    ],
    [
      'bom',
      (d, s) =>
        evaluate(
          s,
          editedExplained(s, d, 'a.json', (t) => `\uFEFF${t}`),
        ),
      'ok',
      [],
    ],
    [
      'unknown-field',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.json',
            jsonEdit((j) => (j.explained_class = j.explainedClass)),
          ),
        ),
      'error',
      ['a.json', '"explained_class"'],
    ],
    [
      'csv-columns-reordered',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.csv',
            csvEdit((rows) => rows.map((r) => [r[0]!, r[1]!, r[4]!, r[3]!, r[2]!])),
          ),
        ),
      'error',
      ['a.csv', /changed after xai explain/],
    ],
    [
      'csv-columns-reordered-flag',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.csv',
            csvEdit((rows) => rows.map((r) => [r[0]!, r[1]!, r[4]!, r[3]!, r[2]!])),
          ),
          [FLAG],
        ),
      'ok',
      [],
    ],
    [
      'csv-rows-reordered-flag',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.csv',
            csvEdit((rows) => [rows[0]!, ...rows.slice(1).reverse()]),
          ),
          [FLAG],
        ),
      'ok',
      [],
    ],
    [
      'csv-duplicate-row',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.csv',
            csvEdit((rows) => rows.map((r, i) => (i === 3 ? ['1', ...r.slice(1)] : r))),
          ),
          [FLAG],
        ),
      'error',
      ['a.csv', 'row[2]', 'repeats 1'],
    ],
    [
      'csv-no-class-flag',
      (d, s) =>
        evaluate(
          s,
          editedExplained(
            s,
            d,
            'a.csv',
            csvEdit((rows) => rows.map((r) => [r[0]!, ...r.slice(2)])),
          ),
          [FLAG],
        ),
      'ok',
      [],
    ],
    [
      'csv-no-sidecar',
      (d, s) =>
        evaluate(
          s,
          editedExplained(s, d, 'a.csv', (t) => t, false),
        ),
      'error',
      ['a.csv', 'a.csv.meta.json', '--allow-foreign-attributions'],
    ],
  ];
  return cases.map(([id, args, expect, mentions]) => ({ id: `attributions-${id}`, surface: 'attributions', args, expect, mentions }));
}

/** Models below chance: flagged by explain and evaluate, from the file's record and from the labels given. */
function modelChanceCases(): CorpusCase[] {
  const recorded = JSON.stringify({
    ...(JSON.parse(lrJson(2)) as object),
    performance: { split: 'test', rows: 200, accuracy: 0.62, baseRate: 0.715 },
  });
  // The weights negated: on the labelled rows it is right less often than always guessing the commonest label.
  const lr = JSON.parse(lrJson(2)) as { layers: { weight: number[][]; bias: number[] }[] };
  for (const l of lr.layers) {
    l.weight = l.weight.map((r) => r.map((v) => -v));
    l.bias = l.bias.map((v) => -v);
  }
  const reversed = JSON.stringify(lr);
  const explain = (model: string, extra: string[] = []): string[] => [
    'explain',
    '--model',
    model,
    '--method',
    'grad',
    '--out',
    'g.json',
    ...extra,
  ];
  const cases: [string, Record<string, string>, (shared: string) => string[], (string | RegExp)[]][] = [
    [
      'recorded-explain',
      { 'low.json': recorded },
      (s) => explain('low.json', ['--instances', join(s, 'test.csv'), '--label', 'y']),
      ['low.json', '62.0 %', '71.5 %', 'base rate'],
    ],
    [
      'recorded-evaluate',
      { 'low.json': recorded },
      (s) => [
        'evaluate',
        '--model',
        'low.json',
        '--instances',
        join(s, 'test.csv'),
        '--label',
        'y',
        '--attributions',
        join(s, 'g.json'),
        '--metric',
        'PGI',
        '--allow-foreign-attributions',
      ],
      ['low.json', '62.0 %', 'base rate'],
    ],
    [
      'labels-explain',
      { 'rev.json': reversed },
      (s) => explain('rev.json', ['--instances', join(s, 'test.csv'), '--label', 'y']),
      ['rev.json', /accuracy \d+\.\d %/, 'base rate'],
    ],
  ];
  return cases.map(([id, files, args, mentions]) => ({
    id: `model-below-chance-${id}`,
    surface: 'model',
    files,
    args: (_dir, shared) => args(shared),
    expect: 'ok',
    mentions,
  }));
}

function commandCases(): CorpusCase[] {
  const base = (shared: string, extra: string[]): string[] => [
    'explain',
    '--model',
    join(shared, 'lr.json'),
    '--instances',
    join(shared, 'test.csv'),
    '--label',
    'y',
    '--out',
    'g.json',
    ...extra,
  ];
  const cases: [string, (shared: string) => string[], 'error' | 'ok', (string | RegExp)[], Record<string, string>?][] = [
    ['method-unknown', (s) => base(s, ['--method', 'gradcam']), 'error', ['"gradcam"']],
    ['shap-no-train', (s) => base(s, ['--method', 'shap']), 'error', ['--train']],
    [
      'train-swapped',
      (s) => base(s, ['--method', 'shap', '--train', 'tr.csv']),
      'ok',
      [],
      {
        'tr.csv': csvText(
          rows.map((r) => [r[1]!, r[0]!, r[2]!]),
          'b,a,c',
        ),
      },
    ],
    [
      'train-other-columns',
      (s) => base(s, ['--method', 'shap', '--train', 'tr.csv']),
      'error',
      ['tr.csv', '"d"'],
      {
        'tr.csv': csvText(
          rows.map((r) => r.slice(0, 3)),
          'a,b,d',
        ),
      },
    ],
    [
      'instances-too-wide',
      (s) => ['explain', '--model', join(s, 'lr.json'), '--instances', 'x.csv', '--method', 'grad', '--out', 'g.json'],
      'error',
      ['x.csv', '4', '3'],
      { 'x.csv': csvText(testRows) },
    ],
    ['schema-with-instances', (s) => base(s, ['--method', 'grad', '--schema', 's.json']), 'error', ['--schema'], { 's.json': '{}' }],
    ['model-input-with-instances', (s) => base(s, ['--method', 'grad', '--model-input', 'raw']), 'error', ['--model-input']],
    [
      'evaluate-metric-unknown',
      (s) => [
        'evaluate',
        '--model',
        join(s, 'lr.json'),
        '--instances',
        join(s, 'test.csv'),
        '--label',
        'y',
        '--attributions',
        join(s, 'g.json'),
        '--metric',
        'AUC',
      ],
      'error',
      ['"AUC"'],
    ],
    [
      'evaluate-stability-no-method',
      (s) => [
        'evaluate',
        '--model',
        join(s, 'lr.json'),
        '--instances',
        join(s, 'test.csv'),
        '--label',
        'y',
        '--attributions',
        'a.json',
        '--metric',
        'RIS',
        '--allow-foreign-attributions',
      ],
      'error',
      ['--method'],
      {
        'a.json': JSON.stringify({
          features: ['a', 'b', 'c'],
          attributions: (JSON.parse(attributionsJson(20, 3)) as { attributions: number[][] }).attributions,
        }),
      },
    ],
    [
      'evaluate-schema-bad',
      (s) => [
        'evaluate',
        '--model',
        join(s, 'lr.json'),
        '--instances',
        join(s, 'test.csv'),
        '--label',
        'y',
        '--attributions',
        join(s, 'g.json'),
        '--metric',
        'PGI',
        '--schema',
        's.json',
        '--allow-foreign-attributions',
      ],
      'error',
      ['s.json'],
      { 's.json': '{"label": "y", "features": [{"name": "a", "kind": "continuous"}]}' },
    ],
    [
      'evaluate-regression-model',
      (s) => [
        'evaluate',
        '--model',
        join(s, 'reg.json'),
        '--instances',
        join(s, 'test.csv'),
        '--label',
        'y',
        '--attributions',
        join(s, 'g.json'),
        '--metric',
        'PGI',
        '--allow-foreign-attributions',
      ],
      'ok',
      [],
    ],
    [
      'explain-data-regression-label',
      (s) => ['explain', '--model', join(s, 'lr.json'), '--data', 'r.csv', '--label', 'y', '--method', 'grad', '--out', 'g.json'],
      'error',
      ['r.csv', /regression/],
      { 'r.csv': csvText(rows.map((r, i) => [...r.slice(0, 3), i * 0.37])) },
    ],
    ['data-export-missing', () => ['data', 'export', 'nosuch', '--out', 'e'], 'error', ['nosuch'], {}],
  ];
  return cases.map(([id, args, expect, mentions, files]) => ({
    id: `commands-${id}`,
    surface: 'commands',
    ...(files ? { files } : {}),
    args: (_dir, shared) => args(shared),
    expect,
    mentions,
  }));
}

/** Outputs that would destroy an input, or a folder of someone else's files; each refused with nothing written. */
function inputOutputCases(): CorpusCase[] {
  const explain = (shared: string, out: string, instances = join(shared, 'test.csv')): string[] => [
    'explain',
    '--model',
    join(shared, 'lr.json'),
    '--instances',
    instances,
    '--label',
    'y',
    '--method',
    'grad',
    '--out',
    out,
  ];
  const train = (shared: string, out: string, data = join(shared, 'data.csv'), extra: string[] = []): string[] => [
    'train',
    '--data',
    data,
    '--label',
    'y',
    '--models',
    'lr',
    '--cache-dir',
    join(shared, 'cache'),
    '--out',
    out,
    ...extra,
  ];
  const cases: [string, Record<string, string>, (dir: string, shared: string) => string[], (string | RegExp)[], string?][] = [
    [
      'explain-out-is-instances',
      { 'x.csv': csvText(testRows) },
      (d, s) => explain(s, 'x.csv', join(d, 'x.csv')),
      ['--out', 'x.csv', '--instances'],
    ],
    [
      'explain-out-is-model',
      { 'm.json': lrJson(2) },
      (_d, s) => [...explain(s, 'm.json').map((a) => (a === join(s, 'lr.json') ? 'm.json' : a))],
      ['--out', 'm.json', '--model'],
    ],
    [
      'explain-out-is-model-by-link',
      { 'm.json': lrJson(2) },
      (d, s) => {
        symlinkSync(join(d, 'm.json'), join(d, 'link.json'));
        return explain(s, 'link.json').map((a) => (a === join(s, 'lr.json') ? 'm.json' : a));
      },
      ['link.json', '--model'],
    ],
    ['explain-out-empty', {}, (_d, s) => explain(s, ''), ['--out', 'empty']],
    [
      'evaluate-out-is-instances',
      { 'x.csv': csvText(testRows) },
      (d, s) => [
        'evaluate',
        '--model',
        join(s, 'lr.json'),
        '--instances',
        join(d, 'x.csv'),
        '--label',
        'y',
        '--attributions',
        join(s, 'g.json'),
        '--metric',
        'PGI',
        '--out',
        'x.csv',
      ],
      ['--out', 'x.csv', '--instances'],
    ],
    [
      'evaluate-out-is-attributions',
      {},
      (_d, s) => [
        'evaluate',
        '--model',
        join(s, 'lr.json'),
        '--instances',
        join(s, 'test.csv'),
        '--label',
        'y',
        '--attributions',
        join(s, 'g.json'),
        '--metric',
        'PGI',
        '--out',
        join(s, 'g.json'),
      ],
      ['--out', '--attributions'],
    ],
    [
      'export-out-holds-data',
      { 'e/train.csv': csvText(rows) },
      () => ['data', 'export', '--data', 'e/train.csv', '--label', 'y', '--out', 'e', '--force'],
      ['--out', 'e/train.csv', '--data'],
    ],
    ['train-folder-holds-user-file', { 'models/notes.txt': 'mine\n' }, (_d, s) => train(s, 'models'), ['models', '"notes.txt"', '--force']],
  ];
  return cases.map(([id, files, args, mentions]) => ({ id: `output-${id}`, surface: 'output', files, args, expect: 'error', mentions }));
}

/** `xai train` of LR on a user CSV in the case folder (`--out m` last). */
const trainOn = (data: string, shared: string, extra: string[] = []): string[] => [
  'train',
  '--data',
  data,
  '--label',
  'y',
  '--models',
  'lr',
  '--cache-dir',
  join(shared, 'cache'),
  ...extra,
  '--out',
  'm',
];

/** Text that is not what it seems: encodings, decimal marks, label spellings, rare classes. */
function textCases(): CorpusCase[] {
  // The label is the name: Müller 1, Möller 0 (read as one category the names say nothing).
  const people = peopleCsv(200);
  const cp1252 = cp1252Bytes(people);
  const comma = (v: number): string => String(v).replace('.', ',');
  const eu = `a;b;c;y\n${rows.map(([a, b, c, y]) => `${a};${comma(b!)};${c};${y}`).join('\n')}\n`;
  const quoted = `${HEADER}\n${rows.map(([a, b, c, y]) => `${a},"${comma(b!)}",${c},${y}`).join('\n')}\n`;
  const spelt = csvText(rows.map((r, i) => [...r.slice(0, 3), i % 3 === 0 ? `${r[3]}.0` : r[3]!]));
  const rare = csvText(rows.map((r, i) => [...r.slice(0, 3), i === 26 ? 2 : r[3]!]));
  const c = (
    id: string,
    files: Readonly<Record<string, string | Uint8Array>>,
    args: CorpusCase['args'],
    expect: 'error' | 'ok',
    mentions: (string | RegExp)[],
  ): CorpusCase => ({
    id: `csv-text-${id}`,
    surface: 'csv',
    files,
    args,
    expect,
    mentions,
    ...(expect === 'error' ? { leaves: 'm' } : {}),
  });
  return [
    c('cp1252', { 'p.csv': cp1252 }, (_d, sh) => trainOn('p.csv', sh), 'error', ['p.csv', 'line 2', 'byte 0xf6', '--encoding']),
    // Declared, the names stay apart: the accuracy of the UTF-8 file.
    c('cp1252-declared', { 'p.csv': cp1252 }, (_d, sh) => trainOn('p.csv', sh, ['--encoding', 'windows-1252']), 'ok', [
      /3 features/,
      'test accuracy 1.000',
    ]),
    c('utf8-names', { 'p.csv': people }, (_d, sh) => trainOn('p.csv', sh), 'ok', [/3 features/, 'test accuracy 1.000']),
    c('encoding-unknown', { 'p.csv': people }, (_d, sh) => trainOn('p.csv', sh, ['--encoding', 'ebcdic']), 'error', [
      '--encoding',
      'ebcdic',
      'latin1',
    ]),
    ...instanceTextCases(c),
    // Decimal commas in a ';' file are numbers: 3 features, not one category per value.
    c('decimal-comma', { 'd.csv': eu }, (_d, sh) => trainOn('d.csv', sh), 'ok', [/rows, 3 features\)/]),
    c('decimal-comma-quoted', { 'd.csv': quoted }, (_d, sh) => trainOn('d.csv', sh), 'error', [
      'd.csv',
      'line 3',
      /column 2 \("b"\)/,
      '--decimal ,',
    ]),
    c('decimal-comma-declared', { 'd.csv': quoted }, (_d, sh) => trainOn('d.csv', sh, ['--decimal', ',']), 'ok', [/rows, 3 features\)/]),
    c('decimal-unknown', { 'd.csv': eu }, (_d, sh) => trainOn('d.csv', sh, ['--decimal', 'comma']), 'error', ['--decimal', 'comma']),
    c('labels-by-value', { 'd.csv': spelt }, (_d, sh) => trainOn('d.csv', sh), 'ok', []),
    c('rare-class', { 'd.csv': rare }, (_d, sh) => trainOn('d.csv', sh), 'error', ['d.csv', 'class "2"', 'line 28', 'single row']),
  ];
}

/**
 * `--encoding` and `--decimal` reach every CSV explain and evaluate read, not only `--data`: a
 * Windows-1252 instances file for a model whose categories hold umlauts (read right, the names
 * stay two categories and the model is right on every row), decimal commas in instances,
 * training rows and ground truth.
 */
function instanceTextCases(
  c: (
    id: string,
    files: Readonly<Record<string, string | Uint8Array>>,
    args: CorpusCase['args'],
    expect: 'error' | 'ok',
    mentions: (string | RegExp)[],
  ) => CorpusCase,
): CorpusCase[] {
  const comma = (v: number): string => String(v).replace('.', ',');
  const semi = `a;b;c;y\n${testRows.map(([a, b, cc, y]) => `${a};${comma(b!)};${cc};${y}`).join('\n')}\n`;
  const quoted = (base: number[][]): string => `${HEADER}\n${base.map(([a, b, cc, y]) => `${a},"${comma(b!)}",${cc},${y}`).join('\n')}\n`;
  const gt = `a;b;c\n${testRows.map(([a, b]) => `${comma(a! / 10)};${comma(b!)};0,5`).join('\n')}\n`;
  const gtQuoted = `a,b,c\n${testRows.map(([a, b]) => `"${comma(a! / 10 + 0.01)}","${comma(b!)}",1`).join('\n')}\n`;
  const inst = cp1252Bytes(peopleCsv(20));
  const explain = (sh: string, instances: string, extra: string[], model = join(sh, 'lr.json')): string[] => [
    'explain',
    '--model',
    model,
    '--instances',
    instances,
    '--label',
    'y',
    '--method',
    'grad',
    ...extra,
    '--out',
    'm',
  ];
  const evaluate = (sh: string, truth: string, extra: string[]): string[] => [
    'evaluate',
    '--model',
    join(sh, 'lr.json'),
    '--instances',
    join(sh, 'test.csv'),
    '--label',
    'y',
    '--attributions',
    join(sh, 'explained.json'),
    '--metric',
    'RA',
    '--ground-truth',
    truth,
    ...extra,
    '--out',
    'm',
  ];
  const people = (sh: string): string => join(sh, 'people', 'people-lr.json');
  const accuracy = /model accuracy 100\.0 % vs base rate 50\.0 % on 20 labelled rows/;
  return [
    c('instances-cp1252', { 'i.csv': inst }, (_d, sh) => explain(sh, 'i.csv', [], people(sh)), 'error', [
      'i.csv',
      'line 2',
      'byte 0xf6',
      '--encoding',
    ]),
    c('instances-cp1252-declared', { 'i.csv': inst }, (_d, sh) => explain(sh, 'i.csv', ['--encoding', 'windows-1252'], people(sh)), 'ok', [
      accuracy,
    ]),
    c('instances-encoding-unknown', { 'i.csv': inst }, (_d, sh) => explain(sh, 'i.csv', ['--encoding', 'cp-1252'], people(sh)), 'error', [
      'xai explain',
      '--encoding',
      'cp-1252',
      'windows-1252',
    ]),
    // lr.json predicts class 1 on 17 of the 20 test rows: the same figure from the decimal-comma files.
    c('instances-semicolon-decimal-comma', { 'i.csv': semi }, (_d, sh) => explain(sh, 'i.csv', []), 'ok', [/model accuracy 85\.0 %/]),
    c('instances-decimal-comma-quoted', { 'i.csv': quoted(testRows) }, (_d, sh) => explain(sh, 'i.csv', []), 'error', [
      'i.csv',
      'line 2',
      /column 2 \("b"\)/,
      '--decimal ,',
    ]),
    c('instances-decimal-comma-declared', { 'i.csv': quoted(testRows) }, (_d, sh) => explain(sh, 'i.csv', ['--decimal', ',']), 'ok', [
      /model accuracy 85\.0 %/,
    ]),
    c(
      'train-decimal-comma-quoted',
      { 't.csv': quoted(rows) },
      (_d, sh) => explain(sh, join(sh, 'test.csv'), ['--train', 't.csv']),
      'error',
      ['t.csv', '--decimal ,'],
    ),
    c(
      'train-decimal-comma-declared',
      { 't.csv': quoted(rows) },
      (_d, sh) => explain(sh, join(sh, 'test.csv'), ['--train', 't.csv', '--decimal', ',']),
      'ok',
      [/explained 20 instances/],
    ),
    c('ground-truth-semicolon', { 'g.csv': gt }, (_d, sh) => evaluate(sh, 'g.csv', []), 'ok', [/^RA /m]),
    c('ground-truth-decimal-comma-quoted', { 'g.csv': gtQuoted }, (_d, sh) => evaluate(sh, 'g.csv', []), 'error', ['g.csv', '--decimal ,']),
    c('ground-truth-decimal-comma-declared', { 'g.csv': gtQuoted }, (_d, sh) => evaluate(sh, 'g.csv', ['--decimal', ',']), 'ok', [/^RA /m]),
  ];
}

/** Every case of the corpus. @since 0.3.0 */
/** Arguments silently ignored or last-wins: a key or flag given twice, a flag beside inputs it does not apply to, a number past its bound. */
function argumentCases(): CorpusCase[] {
  const bench = (shared: string, extra: string[]): string[] => benchOn(join(shared, 'data.csv'), shared, extra);
  const explain = (shared: string, extra: string[]): string[] => [
    'explain',
    '--model',
    join(shared, 'lr.json'),
    '--instances',
    join(shared, 'test.csv'),
    '--label',
    'y',
    '--method',
    'grad',
    '--out',
    'a.json',
    ...extra,
  ];
  const evaluate = (shared: string, extra: string[], attributions = join(shared, 'g.json')): string[] => [
    'evaluate',
    '--model',
    join(shared, 'lr.json'),
    '--instances',
    join(shared, 'test.csv'),
    '--label',
    'y',
    '--attributions',
    attributions,
    ...extra,
  ];
  const config = (text: string, key: string, line: number): CorpusCase => ({
    id: `args-config-duplicate-${key}`,
    surface: 'config',
    files: { 'c.json': text },
    args: (_dir, shared) => bench(shared, ['--config', 'c.json']),
    expect: 'error',
    mentions: ['c.json', `line ${line}`, `"${key}"`],
    leaves: 'out',
  });
  const attributions = JSON.parse(attributionsJson(20, 3)) as Record<string, unknown>;
  const dupAttributions = `{\n"method": "grad",\n"method": "lime",\n${JSON.stringify({ attributions: attributions.attributions }).slice(1)}\n`;
  return [
    config('{\n  "instances": 2,\n  "seed": 1,\n  "instances": 3\n}\n', 'instances', 4),
    config('{\n  "explainerInstances": {\n    "grad": 2,\n    "grad": 3\n  }\n}\n', 'grad', 4),
    {
      id: 'args-schema-duplicate-key',
      surface: 'schema',
      files: { 's.json': '{\n  "label": "y",\n  "label": "a"\n}\n' },
      args: (_dir, shared) => bench(shared, ['--schema', 's.json']),
      expect: 'error',
      mentions: ['s.json', 'line 3', '"label"'],
      leaves: 'out',
    },
    {
      id: 'args-attributions-duplicate-key',
      surface: 'attributions',
      files: { 'a.json': dupAttributions },
      args: (_dir, shared) => evaluate(shared, ['--metric', 'PGI'], 'a.json'),
      expect: 'error',
      mentions: ['a.json', 'line 3', '"method"'],
    },
    {
      id: 'args-bench-instances-twice',
      surface: 'flags',
      args: (_dir, shared) => bench(shared, ['--instances', '4']),
      expect: 'error',
      mentions: ['--instances', '"3"', '"4"'],
      leaves: 'out',
    },
    {
      id: 'args-evaluate-metric-twice',
      surface: 'flags',
      args: (_dir, shared) => evaluate(shared, ['--metric', 'FA', '--metric', 'PGI']),
      expect: 'error',
      mentions: ['--metric', '"FA"', '"PGI"'],
    },
    {
      id: 'args-explain-method-twice',
      surface: 'flags',
      args: (_dir, shared) => explain(shared, ['--method', 'lime']),
      expect: 'error',
      mentions: ['--method', '"grad"', '"lime"'],
      leaves: 'a.json',
    },
    {
      id: 'args-explain-input-dim-json-model',
      surface: 'flags',
      args: (_dir, shared) => explain(shared, ['--input-dim', '3']),
      expect: 'error',
      mentions: ['--input-dim', 'lr.json'],
      leaves: 'a.json',
    },
    {
      id: 'args-evaluate-model-input-instances',
      surface: 'flags',
      args: (_dir, shared) => evaluate(shared, ['--metric', 'PGI', '--model-input', 'scaled']),
      expect: 'error',
      mentions: ['--model-input', '--instances'],
    },
    {
      id: 'args-explainer-instances-not-run',
      surface: 'flags',
      args: (_dir, shared) => bench(shared, ['--explainer-instances', 'lime=3']),
      expect: 'error',
      mentions: ['--explainer-instances', 'lime=3', 'grad'],
      leaves: 'out',
    },
    {
      id: 'args-bench-instances-past-bound',
      surface: 'flags',
      args: (_dir, shared) => benchOn(join(shared, 'data.csv'), shared).map((a) => (a === '3' ? '5000000' : a)),
      expect: 'error',
      mentions: ['instances', '1000000', '5000000'],
      leaves: 'out',
    },
    {
      id: 'args-explain-seed-past-bound',
      surface: 'flags',
      args: (_dir, shared) => explain(shared, ['--seed', '-1']),
      expect: 'error',
      mentions: ['xai explain', '--seed', '-1', /^(?![\s\S]*xai bench)/],
      leaves: 'a.json',
    },
    {
      id: 'args-config-samples-past-bound',
      surface: 'config',
      files: { 'c.json': '{\n  "stabilitySamples": 0\n}\n' },
      args: (_dir, shared) => benchOn(join(shared, 'data.csv'), shared, ['--config', 'c.json']),
      expect: 'error',
      mentions: ['c.json', 'stabilitySamples', '0'],
      leaves: 'out',
    },
    {
      id: 'args-evaluate-samples-past-bound',
      surface: 'flags',
      args: (_dir, shared) => evaluate(shared, ['--metric', 'RIS', '--method', 'grad', '--stability-samples', '1e9']),
      expect: 'error',
      mentions: ['xai evaluate', '--stability-samples', '1e9', /^(?![\s\S]*(xai bench|stabilitySamples))/],
    },
    {
      id: 'args-audit-file-beside-blind',
      surface: 'commands',
      files: { 'b.jsonl': '{"id": 1}\n', 'l.jsonl': '{"id": 1, "label": 0}\n' },
      args: (_dir, shared) => [
        'audit',
        '--adapter',
        'jsonl',
        '--blind',
        'b.jsonl',
        '--labels',
        'l.jsonl',
        '--file',
        join(shared, 'data.csv'),
      ],
      expect: 'error',
      mentions: ['--file', '--blind/--labels'],
    },
    {
      id: 'args-audit-permutations-past-bound',
      surface: 'commands',
      args: () => ['audit', '--adapter', 'demo', '--permutations', '1e9'],
      expect: 'error',
      mentions: ['--permutations', '1000000000'],
    },
  ];
}

export function corpusCases(): CorpusCase[] {
  return [
    ...csvCellCases(),
    ...csvFileCases(),
    ...textCases(),
    ...schemaCases(),
    ...modelCases(),
    ...onnxCases(),
    ...configCases(),
    ...flagCases(),
    ...nameCases(),
    ...outputCases(),
    ...resultsCases(),
    ...attributionCases(),
    ...attributionContractCases(),
    ...modelChanceCases(),
    ...commandCases(),
    ...inputOutputCases(),
    ...argumentCases(),
  ];
}
