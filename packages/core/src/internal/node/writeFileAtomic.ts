// The one way a command writes a file: into a temp file in the same folder, flushed to the disk,
// then renamed over the target. A reader sees the old file or the whole new one, never a torn
// one; on any failure (a full disk, a folder at the path, no permission) the temp file is
// removed and the error is an IO_ERROR naming the target path.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ioError } from './ioError.js';

/** The temp file of a write to `path`: in the same folder (so the rename is atomic), named for the process. */
function tempOf(path: string): string {
  return `${path}.tmp-${process.pid}`;
}

const bytesOf = (data: string | Uint8Array): Uint8Array => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/** Flushes a folder's entry list after a rename; some file systems refuse to open a folder for it (then nothing to do). */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // A folder that cannot be fsynced (EISDIR/EPERM on some platforms): the rename itself is done.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes `data` to `path` atomically: a temp file `<path>.tmp-<pid>` in the same folder,
 * fsync, rename over `path`, fsync of the folder. On any error the temp file is removed and core's
 * `systemError` names `path`, the errno and what it means (IO_ERROR, e.g. ENOSPC: no space left on the
 * device; NOT_FOUND for a missing folder); `fn` is the command or function writing.
 * @example writeFileAtomicSync('out/a.json', JSON.stringify(a), 'xai explain')
 * @since 0.3.0
 */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, fn: string): void {
  const tmp = tempOf(path);
  const bytes = bytesOf(data);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true, recursive: false });
    throw ioError(e, 'write', path, fn);
  }
  syncFolder(dirname(path));
}

/**
 * {@link writeFileAtomicSync} without blocking the event loop (the same steps and errors).
 * @example await writeFileAtomic('exported/train.csv', text, 'xai data export')
 * @since 0.3.0
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, fn: string): Promise<void> {
  const tmp = tempOf(path);
  const bytes = bytesOf(data);
  try {
    const h = await open(tmp, 'w');
    try {
      for (let off = 0; off < bytes.length; ) off += (await h.write(bytes, off, bytes.length - off)).bytesWritten;
      await h.sync();
    } finally {
      await h.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw ioError(e, 'write', path, fn);
  }
  syncFolder(dirname(path));
}
