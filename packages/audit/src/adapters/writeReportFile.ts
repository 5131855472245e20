import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { XaiError, systemError } from '@xai/core';

/** What an `--out` file holds, by its extension. */
export type OutputFormat = 'json' | 'markdown' | 'text';

/** `.json` → JSON, `.md` / `.markdown` → Markdown, anything else → the terminal text. @since 0.3.0 */
export function outputFormat(path: string): OutputFormat {
  if (/\.json$/i.test(path)) return 'json';
  if (/\.(md|markdown)$/i.test(path)) return 'markdown';
  return 'text';
}

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The path with symlinks resolved as far as it exists (a new file: its folder's real path). */
function realPath(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}

/**
 * Checks an output path before any work: it may not be one of the inputs (even through a
 * symlink), nor a folder, and its folder must exist. Returns the format its extension asks for.
 * @since 0.3.0
 */
export function checkOutPath(path: string, inputs: readonly string[], fn: string): OutputFormat {
  if (path.trim().length === 0) throw new XaiError('BAD_OPTION', '--out needs a file name', { fn, arg: 'out', value: path });
  const target = realPath(path);
  const same = inputs.find((p) => realPath(p) === target);
  if (same !== undefined)
    throw new XaiError('BAD_OPTION', `--out ${path} is the input ${same}: the report would overwrite it`, { fn, arg: 'out', value: path });
  if (statOf(target)?.isDirectory())
    throw new XaiError('BAD_OPTION', `--out ${path} is a folder: give a file name`, { fn, arg: 'out', value: path });
  if (!statOf(dirname(target))?.isDirectory())
    throw new XaiError('NOT_FOUND', `--out ${path}: folder ${dirname(resolve(path))} does not exist`, { fn, arg: 'out', value: path });
  return outputFormat(path);
}

/**
 * Writes `text` to `path` atomically: a temporary file in the same folder, flushed to disk,
 * then renamed over `path`, so a reader never sees half a report; on any error the temporary
 * file is removed and core's `systemError` names the path and the system's code (IO_ERROR for ENOSPC, EACCES, …).
 * @since 0.3.0
 */
export async function writeReportFile(path: string, text: string, fn: string): Promise<void> {
  const target = resolve(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', 0o644);
    const bytes = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw systemError(e, { fn, path, action: 'write', arg: 'out' });
  }
}
