import { execFileSync } from 'node:child_process';

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
