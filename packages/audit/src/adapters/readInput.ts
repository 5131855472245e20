import { readFile } from 'node:fs/promises';
import { XaiError } from '@xai/core';

/**
 * Reads an input file as bytes (Node only); a missing or unreadable file is NOT_FOUND naming
 * the file and the argument.
 * @since 0.2.0
 */
export async function readInput(path: string, arg: string, fn: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    throw new XaiError('NOT_FOUND', `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, {
      fn,
      arg,
      value: path,
      file: path,
    });
  }
}
