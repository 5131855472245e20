import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { XaiError } from '@xai/core';
import { isXaiError } from '@xai/core';
import { fromModelJson } from './fromModelJson.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { loadModel, loadModelSync, parseModelJson, saveModel, saveModelSync } from './node.js';
import { toModelJson } from './toModelJson.js';
import { errorOf } from './__fixtures__/reference.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-models-save-'));
const model = createLogisticRegression(2);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (existsSync(dir)) throw new Error(`temp folder ${dir} left behind`);
});

describe('saveModel errors', () => {
  it('a missing folder → NOT_FOUND naming the path (async and sync), not a raw ENOENT', async () => {
    const path = join(dir, 'no-such-folder', 'm.json');
    const e = await saveModel(path, model).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isXaiError(e, 'NOT_FOUND')).toBe(true);
    expect((e as Error).message).toContain(path);
    expect((e as Error).message).toMatch(/^\[NOT_FOUND\] saveModel: path: /);
    const s = errorOf(() => saveModelSync(path, model));
    expect(s.code).toBe('NOT_FOUND');
    expect(s.message).toContain(path);
  });

  it('a file where a folder should be (ENOTDIR) → NOT_FOUND; a folder at the path (EISDIR) → IO_ERROR, as core maps OS errors', async () => {
    const file = join(dir, 'afile');
    writeFileSync(file, '');
    const under = join(file, 'm.json');
    const e = await saveModel(under, model).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isXaiError(e, 'NOT_FOUND')).toBe(true);
    expect((e as Error).message).toContain(under);
    expect((e as Error).message).toMatch(/ENOTDIR/);
    const s = errorOf(() => saveModelSync(dir, model));
    expect(s.code).toBe('IO_ERROR');
    expect(s.message).toContain(dir);
    expect(s.message).toMatch(/EISDIR/);
    // reading a folder is an I/O failure too, not bad input
    const r = errorOf(() => loadModelSync(dir));
    expect(r.code).toBe('IO_ERROR');
    expect(r.message).toMatch(/^\[IO_ERROR\] loadModelSync: path: /);
  });

  it('a path that is not a string → BAD_INPUT', () => {
    expect(errorOf(() => saveModelSync(42 as unknown as string, model)).code).toBe('BAD_INPUT');
  });
});

describe('model file errors name the file', () => {
  /** A valid model's JSON, with one mutation. */
  const broken = (mutate: (j: Record<string, unknown>) => void): Record<string, unknown> => {
    const j = JSON.parse(JSON.stringify(toModelJson(createLogisticRegression(2)))) as Record<string, unknown>;
    mutate(j);
    return j;
  };
  const bias = broken((j) => ((j.layers as { bias: number[] }[])[0]!.bias = [0, 0, 0]));
  const kind = broken((j) => (j.kind = 'forest'));
  const write = (name: string, json: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(json));
    return path;
  };

  it('two broken --model files: each error names its own path and the field, with details.file and details.field', async () => {
    const a = write('a.json', bias);
    const b = write('b.json', kind);
    for (const [path, json] of [
      [a, bias],
      [b, kind],
    ] as const) {
      // The field and reason are fromModelJson's own, after its "[CODE] fromModelJson: <field>: " prefix.
      const direct = errorOf(() => fromModelJson(json)) as XaiError;
      const field = direct.details.arg as string;
      const reason = direct.message.slice(`[${direct.code}] fromModelJson: ${field}: `.length);
      for (const [fn, e] of [
        ['loadModelSync', errorOf(() => loadModelSync(path)) as XaiError],
        ['loadModel', (await loadModel(path).catch((err: unknown) => err)) as XaiError],
      ] as const) {
        expect(e.code).toBe(direct.code);
        expect(e.message).toBe(`[${direct.code}] ${fn}: path: ${path}: ${field}: ${reason}`);
        expect(e.details).toMatchObject({ file: path, field });
      }
    }
    expect(errorOf(() => loadModelSync(a)).message).toMatch(/layers\[0\]\.bias: expected 2 values, got 3/);
  });

  it('not JSON (a gzip file, a truncated file), missing, unreadable: the path in the message and details.file', () => {
    const gz = join(dir, 'm.json.gz');
    writeFileSync(gz, gzipSync(JSON.stringify(toModelJson(createLogisticRegression(2)))));
    const truncated = join(dir, 'cut.json');
    writeFileSync(truncated, '{"format": "xai-model@1",');
    for (const [path, code] of [
      [gz, 'PARSE_ERROR'],
      [truncated, 'PARSE_ERROR'],
      [join(dir, 'none.json'), 'NOT_FOUND'],
      [dir, 'IO_ERROR'],
    ] as const) {
      const e = errorOf(() => loadModelSync(path)) as XaiError;
      expect(e.code).toBe(code);
      expect(e.message).toContain(path);
      expect(e.details.file).toBe(path);
    }
  });

  it("parseModelJson(text, source) names the source; without one the message is fromModelJson's", () => {
    const named = errorOf(() => parseModelJson(JSON.stringify(kind), 'b.json')) as XaiError;
    expect(named.message).toMatch(/^\[NOT_SUPPORTED\] parseModelJson: text: b\.json: kind: unknown kind "forest"/);
    expect(named.details.file).toBe('b.json');
    const bare = errorOf(() => parseModelJson(JSON.stringify(kind))) as XaiError;
    expect(bare.message).toBe((errorOf(() => fromModelJson(kind)) as XaiError).message);
    expect(bare.details.file).toBeUndefined();
    expect(errorOf(() => parseModelJson('{', 'c.json')).message).toMatch(
      /^\[PARSE_ERROR\] parseModelJson: text: c\.json: not valid JSON: /,
    );
    const dup = errorOf(() => parseModelJson('{"format": "xai-model@1",\n  "format": "x"}', 'd.json')) as XaiError;
    expect(dup.message).toContain('d.json: not valid JSON: line 2, column 3: duplicate key "format" (first at line 1)');
    expect(dup.details).toMatchObject({ file: 'd.json', line: 2, column: 3, key: 'format' });
  });
});
