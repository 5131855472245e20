import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
