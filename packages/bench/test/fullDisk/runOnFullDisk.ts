// Runs the built CLI with its outputs on a full disk: a 64 KiB tmpfs filled to the last byte
// (mounted in a private mount namespace, `unshare -rm`, so nothing outlives the run) where the
// machine allows it, else with every write under the folder failing ENOSPC (enospc.mjs).
// Returns the exit code, stderr and what the command left in the folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI } from '../spawnCli.js';

const PRELOAD = fileURLToPath(new URL('./enospc.mjs', import.meta.url));
const FILLER = '.filler';

/** True when a tmpfs can be mounted in a private namespace here. */
export function canMountTmpfs(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'xai-tmpfs-probe-'));
  return spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs '${probe}'`]).status === 0;
}

export interface FullDiskRun {
  readonly how: 'tmpfs' | 'injected';
  readonly code: number | null;
  readonly stderr: string;
  /** Entries left in the full folder (the tmpfs filler excluded). */
  readonly left: readonly string[];
}

/** `args(dir)` builds the command line given the full folder. */
export function runOnFullDisk(args: (dir: string) => string[], how: 'tmpfs' | 'injected'): FullDiskRun {
  const dir = mkdtempSync(join(tmpdir(), 'xai-full-'));
  if (how === 'injected') {
    const r = spawnSync(process.execPath, ['--import', PRELOAD, CLI, ...args(dir)], {
      encoding: 'utf8',
      env: { ...process.env, XAI_TEST_FULL_DIR: dir, NO_COLOR: '1' },
    });
    return { how, code: r.status, stderr: r.stderr, left: readdirSync(dir) };
  }
  mkdirSync(dir, { recursive: true });
  const quoted = [process.execPath, CLI, ...args(dir)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = [
    `mount -t tmpfs -o size=64k tmpfs '${dir}' || exit 97`,
    `cat /dev/zero > '${dir}/${FILLER}' 2>/dev/null`,
    `${quoted} >/dev/null`,
    'rc=$?',
    `echo "@@left $(ls -A '${dir}' | tr '\\n' ' ')" >&2`,
    'exit $rc',
  ].join('\n');
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', script], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const marker = /@@left ([^\n]*)\n?$/.exec(r.stderr);
  return {
    how,
    code: r.status,
    stderr: r.stderr.replace(/@@left [^\n]*\n?$/, ''),
    left: (marker?.[1] ?? '?').split(' ').filter((n) => n !== '' && n !== FILLER),
  };
}
