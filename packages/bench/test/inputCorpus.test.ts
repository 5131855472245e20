// The input corpus as a test: every bad or borderline input over the CLI's surfaces gets a clear
// answer — an error naming what is wrong and where, or a run that succeeds — never a crash, a
// silent success on bad input, an untyped error or a folder left behind (see inputCorpus/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusCases } from './inputCorpus/cases.js';
import type { CaseResult } from './inputCorpus/score.js';
import { runCorpus, tally } from './inputCorpus/score.js';
import { writeShared } from './inputCorpus/shared.js';
import { CLI, assertBuilt } from './spawnCli.js';

const root = mkdtempSync(join(tmpdir(), 'xai-corpus-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cases = corpusCases();
let results: CaseResult[] = [];

beforeAll(async () => {
  assertBuilt();
  writeShared(join(root, 'shared'), CLI);
  results = await runCorpus(cases, join(root, 'cases'), join(root, 'shared'));
});

describe('the input corpus', () => {
  it('has at least 200 cases over every surface, with unique ids', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(Object.keys(tally(results).bySurface).sort()).toEqual(
      ['attributions', 'commands', 'config', 'csv', 'flags', 'model', 'names', 'onnx', 'output', 'results', 'schema'].sort(),
    );
  });

  it('every case is clear', () => {
    const notClear = results
      .filter((r) => r.verdict !== 'clear')
      .map((r) => `${r.verdict} ${r.id}: ${r.why} | ${r.stderr.trim().slice(0, 300)}`);
    expect(notClear).toEqual([]);
  });
});
