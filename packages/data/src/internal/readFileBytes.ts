import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { systemError } from '@xai/core';

/** Core's one mapping of an OS error (a missing file NOT_FOUND, a folder or no permission IO_ERROR). */
function fileError(e: unknown, path: string, fn: string): unknown {
  return systemError(e, { fn, path, action: 'read' });
}

/** Reads a whole file; an OS failure is mapped by core's `systemError`. */
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
