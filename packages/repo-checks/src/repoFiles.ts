import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (this package sits at packages/repo-checks). */
export const REPO_ROOT: string = fileURLToPath(new URL('../../../', import.meta.url));

/** Every file git tracks or would track (untracked, not ignored), relative to the root. */
export function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter((f) => f !== ''))].sort();
}
