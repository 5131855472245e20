import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { XaiError } from '@xai/core';

/** What an output folder already holds: the files a write would replace and the run they belong to. */
export interface FolderHolding {
  readonly files: readonly string[];
  /** From its manifest.json, when readable. */
  readonly run: {
    readonly identity: string;
    readonly status: string;
    readonly command: string;
    readonly startedAt: string;
  } | null;
}

/** The run recorded in `<dir>/manifest.json` (its last invocation), or null when absent or unreadable. */
function runOf(dir: string): FolderHolding['run'] {
  const p = join(dir, 'manifest.json');
  if (!existsSync(p)) return null;
  try {
    const m = JSON.parse(readFileSync(p, 'utf8')) as {
      identityHash?: unknown;
      status?: unknown;
      invocations?: { action?: unknown; argv?: unknown; startedAt?: unknown }[];
    };
    const last = Array.isArray(m.invocations) ? m.invocations[m.invocations.length - 1] : undefined;
    const argv = Array.isArray(last?.argv) ? last.argv.map(String).join(' ') : '';
    return {
      identity: typeof m.identityHash === 'string' ? m.identityHash.slice(0, 16) : '?',
      status: m.status === 'complete' ? 'finished' : 'unfinished',
      command: `xai ${argv || String(last?.action ?? '?')}`.trim(),
      startedAt: typeof last?.startedAt === 'string' ? last.startedAt : '?',
    };
  } catch {
    return null;
  }
}

/** The files of `names` present in `dir`, and the run its manifest names. @since 0.2.0 */
export function folderHolding(dir: string, names: readonly string[]): FolderHolding {
  return { files: names.filter((n) => existsSync(join(dir, n))), run: runOf(dir) };
}

/** One line naming what a folder holds: `a finished run (identity …, xai bench …, started …): results.jsonl, …`. */
export function describeHolding(h: FolderHolding): string {
  const run = h.run
    ? `${h.run.status} run (identity ${h.run.identity}, \`${h.run.command}\`, started ${h.run.startedAt})`
    : 'earlier output';
  return `${run}: ${h.files.join(', ')}`;
}

/**
 * Refuses to write into `dir` while it holds any of `names` (another run's outputs), naming
 * the folder, the run recorded there and the files, unless `force`. `how` says what the user
 * can do instead (e.g. "--resume to continue it (same settings), --force to replace it").
 * @throws {XaiError} `BAD_OPTION` naming `arg`.
 * @since 0.2.0
 */
export function refuseOverwrite(
  dir: string,
  names: readonly string[],
  o: { readonly force: boolean; readonly fn: string; readonly arg: string; readonly how: string },
): void {
  if (o.force) return;
  const h = folderHolding(dir, names);
  if (h.files.length === 0) return;
  throw new XaiError('BAD_OPTION', `${dir} already holds a ${describeHolding(h)}; nothing was written. Use ${o.how}, or another folder`, {
    fn: o.fn,
    arg: o.arg,
    value: dir,
  });
}

/** A file a command reads or writes, and the flag that named it. */
export interface NamedPath {
  readonly flag: string;
  readonly path: string | undefined;
}

/** The file a path names after following links: its real path, or its folder's real path and its name when it does not exist yet. */
function identityOf(path: string): { real: string; inode: string | null } {
  const abs = resolve(path);
  try {
    const s = statSync(abs);
    return { real: realpathSync(abs), inode: `${s.dev}:${s.ino}` };
  } catch {
    try {
      return { real: join(realpathSync(dirname(abs)), basename(abs)), inode: null };
    } catch {
      return { real: abs, inode: null };
    }
  }
}

/**
 * Refuses, before any work, an output that would replace one of the command's inputs (the same
 * file by path, link or inode), naming both flags, and an empty output path. Nothing is written.
 * @throws {XaiError} `BAD_OPTION` naming the output flag.
 * @example refuseInputAsOutput([{ flag: '--out', path: 'x.csv' }], [{ flag: '--instances', path: 'x.csv' }], 'xai explain')
 * @since 0.3.0
 */
export function refuseInputAsOutput(outputs: readonly NamedPath[], inputs: readonly NamedPath[], fn: string): void {
  const ins = inputs
    .filter((i): i is { flag: string; path: string } => typeof i.path === 'string' && i.path !== '')
    .map((i) => ({ ...i, id: identityOf(i.path) }));
  for (const o of outputs) {
    if (o.path === undefined) continue;
    if (o.path.trim() === '') throw new XaiError('BAD_OPTION', `${o.flag} is empty: give a file path`, { fn, arg: o.flag, value: o.path });
    const id = identityOf(o.path);
    const same = ins.find((i) => i.id.real === id.real || (i.id.inode !== null && i.id.inode === id.inode));
    if (same)
      throw new XaiError(
        'BAD_OPTION',
        `${o.flag} ${o.path} is the ${same.flag} file${same.path !== o.path ? ` (${same.path})` : ''}: writing it would destroy an input; nothing was written. Write to another file`,
        { fn, arg: o.flag, value: o.path },
      );
  }
}
