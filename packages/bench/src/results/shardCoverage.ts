import { XaiError, isXaiError } from '@xai/core';
import type { RunManifest } from './runManifest.js';
import { readManifest } from './runManifest.js';

/** What a set of folders of one run lacks: shard numbers nobody ran, and folders whose run did not finish. */
export interface ShardGaps {
  /** `i/n` of each shard no folder holds. */
  readonly missing: readonly string[];
  /** One line per unfinished folder: where, which shard, how far it got, and the command that finishes it. */
  readonly unfinished: readonly string[];
}

const label = (m: RunManifest): string => (m.shard ? `${m.shard.index}/${m.shard.count}` : 'unsharded');

/**
 * Which shards of one run (equal identity) are absent or unfinished. A complete unsharded run
 * covers every shard. Throws BAD_INPUT when the folders split the run into different shard counts.
 * @example shardGaps(['s1', 's3'], [m1, m3]).missing // ['2/3']
 * @since 0.2.0
 */
export function shardGaps(dirs: readonly string[], manifests: readonly RunManifest[]): ShardGaps {
  const unfinished = manifests.flatMap((m, k) =>
    m.status === 'complete'
      ? []
      : [`${dirs[k]} (shard ${label(m)}: ${m.completeUnits} of ${m.shardUnits} units; rerun its xai bench command with --resume)`],
  );
  if (manifests.some((m) => m.shard === null && m.status === 'complete')) return { missing: [], unfinished };
  const counts = [...new Set(manifests.flatMap((m) => (m.shard ? [m.shard.count] : [])))];
  if (counts.length > 1) {
    const where = manifests.map((m, k) => `${dirs[k]}: ${label(m)}`).join(', ');
    throw new XaiError('BAD_INPUT', `the folders split the run into different shard counts (${where}); merge shards of one split`, {
      fn: 'xai merge',
      arg: 'dirs',
      value: counts,
    });
  }
  const n = counts[0] ?? 0;
  const present = new Set(manifests.flatMap((m) => (m.shard ? [m.shard.index] : [])));
  const missing = Array.from({ length: n }, (_, i) => i + 1)
    .filter((i) => !present.has(i))
    .map((i) => `${i}/${n}`);
  return { missing, unfinished };
}

/**
 * Throws BAD_INPUT naming every missing and every unfinished shard, if any.
 * @since 0.2.0
 */
export function assertShardsComplete(dirs: readonly string[], manifests: readonly RunManifest[]): void {
  const { missing, unfinished } = shardGaps(dirs, manifests);
  if (missing.length === 0 && unfinished.length === 0) return;
  const parts = [
    ...(missing.length > 0 ? [`missing shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (no folder given holds them)`] : []),
    ...(unfinished.length > 0 ? [`unfinished: ${unfinished.join('; ')}`] : []),
  ];
  throw new XaiError('BAD_INPUT', `cannot merge an incomplete run: ${parts.join('; ')}`, {
    fn: 'xai merge',
    arg: 'dirs',
    value: { missing, unfinished: unfinished.length },
  });
}

/**
 * Reads every folder's manifest; folders without one (a task that failed or was killed before
 * it started, or not a bench output folder) are named together in one BAD_INPUT.
 * @since 0.2.0
 */
export function readShardManifests(dirs: readonly string[]): RunManifest[] {
  const absent: string[] = [];
  const manifests = dirs.flatMap((d) => {
    try {
      return [readManifest(d)];
    } catch (e) {
      if (!isXaiError(e, 'NOT_FOUND')) throw e;
      absent.push(d);
      return [];
    }
  });
  if (absent.length > 0)
    throw new XaiError(
      'BAD_INPUT',
      `cannot merge: no manifest.json in ${absent.join(', ')} (a task that stopped before it started, or not a bench output folder; rerun its xai bench command with --resume)`,
      { fn: 'xai merge', arg: 'dirs', value: absent },
    );
  return manifests;
}
