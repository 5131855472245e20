import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isXaiError } from '../../errors.js';
import { writeFileAtomic, writeFileAtomicSync } from './writeFileAtomic.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-atomic-'));

function refusal(call: () => unknown): Error {
  try {
    call();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a refusal');
}

describe('writeFileAtomic', () => {
  it('replaces a file with the whole new content and leaves no temp file', async () => {
    const p = join(dir, 'a.json');
    writeFileSync(p, 'old');
    writeFileAtomicSync(p, 'new content', 'test');
    expect(readFileSync(p, 'utf8')).toBe('new content');
    await writeFileAtomic(p, Uint8Array.from([1, 2, 3]), 'test');
    expect([...readFileSync(p)]).toEqual([1, 2, 3]);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('a folder at the path: IO_ERROR naming the target, the folder untouched, no temp left', async () => {
    const p = join(dir, 'folder');
    mkdirSync(join(p, 'inside'), { recursive: true });
    for (const e of [refusal(() => writeFileAtomicSync(p, 'x', 'test')), await writeFileAtomic(p, 'x', 'test').catch((x: Error) => x)]) {
      expect(isXaiError(e, 'IO_ERROR')).toBe(true);
      expect((e as Error).message).toMatch(new RegExp(`cannot write ${p}: (EISDIR|ENOTEMPTY|EEXIST)`));
    }
    expect(existsSync(join(p, 'inside'))).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('a missing folder: NOT_FOUND (systemError) naming the target and ENOENT', () => {
    const e = refusal(() => writeFileAtomicSync(join(dir, 'nowhere', 'a.json'), 'x', 'test'));
    expect(isXaiError(e, 'NOT_FOUND')).toBe(true);
    expect(e.message).toContain(`cannot write ${join(dir, 'nowhere', 'a.json')}: ENOENT`);
  });
});
