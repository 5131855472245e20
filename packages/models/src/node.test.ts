import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { createLogisticRegression } from './createLogisticRegression.js';
import { loadModelSync, saveModel, saveModelSync } from './node.js';
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
