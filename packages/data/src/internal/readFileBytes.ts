import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { XaiError } from '@xai/core';

function fileError(e: unknown, path: string, fn: string): XaiError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new XaiError('NOT_FOUND', `no file at ${path}`, { fn, arg: 'path', value: path, file: path });
  return new XaiError('BAD_INPUT', `cannot read ${path}: ${(e as Error).message}`, { fn, arg: 'path', value: path, file: path });
}

/** Reads a whole file; a missing file is NOT_FOUND, anything else BAD_INPUT. */
export async function readFileBytes(path: string, fn: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    throw fileError(e, path, fn);
  }
}

/** Synchronous twin of {@link readFileBytes}. */
export function readFileBytesSync(path: string, fn: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw fileError(e, path, fn);
  }
}
