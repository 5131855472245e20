import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRepoRoot } from './findRepoRoot.js';

/** The git commit (and whether the tree has changes) of `cwd`, or null outside a repo or without git. */
export function gitCommit(cwd: string = process.cwd()): { commit: string; dirty: boolean } | null {
  try {
    const opts = { cwd, encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'ignore'] as ['ignore', 'pipe', 'ignore'], timeout: 5000 };
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], opts).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], opts).trim() !== '';
    return /^[0-9a-f]{40}$/.test(commit) ? { commit, dirty } : null;
  } catch {
    return null;
  }
}

/** What code a run used: a checkout (with its commit) or an installed package (its versions say which). */
export interface InstallSource {
  readonly kind: 'checkout' | 'package';
  /** The folder of the running `@xai/bench` package. */
  readonly path: string;
  /** The checkout's commit; null for an installed package (never the working directory's repository). */
  readonly git: { readonly commit: string; readonly dirty: boolean } | null;
  readonly note: string;
}

/** The folder holding the `package.json` of the package that contains `file`. */
function packageDirOf(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(file);
  }
}

/**
 * Where the running code comes from, judged from this module's own location, not from the
 * working directory: inside a workspace checkout (not under `node_modules`) the receipt gets
 * the checkout's git commit; an installed package gets none, and its versions identify it.
 * @example installSource(new URL(import.meta.url)).kind // 'checkout' in the monorepo
 * @since 0.2.0
 */
export function installSource(module: string | URL = import.meta.url): InstallSource {
  const file = realpathSync(typeof module === 'string' && !module.startsWith('file:') ? module : fileURLToPath(module));
  const path = packageDirOf(file);
  const root = path.split(sep).includes('node_modules') ? null : findRepoRoot(path);
  const workspace = root !== null && existsSync(join(root, 'pnpm-workspace.yaml')) && readName(path) === '@xai/bench';
  const git = workspace ? gitCommit(root) : null;
  if (git !== null)
    return { kind: 'checkout', path, git, note: `git commit of the checkout ${root} that the running @xai/bench is built in` };
  return {
    kind: 'package',
    path,
    git: null,
    note: 'an installed package: no git commit is recorded (the package versions identify the code)',
  };
}

function readName(dir: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name ?? null;
  } catch {
    return null;
  }
}
