import type { ResolvedDir } from '@xai/data/node';
import { xaiCacheHome, xaiDataHome } from '@xai/data/node';
import type { CpuAllocation } from '../system/cpuAllocation.js';
import { cpuAllocation } from '../system/cpuAllocation.js';

/** Where a setting's value came from: a flag, the `--config` file, an environment variable, or a per-user default. */
export type SettingSource =
  | 'flag'
  | 'config file'
  | 'XAI_DATA_DIR'
  | 'XAI_CACHE_DIR'
  | 'XDG_DATA_HOME'
  | 'XDG_CACHE_HOME'
  | 'home'
  | 'working directory'
  | 'allocation';

/** The receipt of where a run reads, caches and writes, and why it uses as many workers as it does. */
export interface RunSources {
  readonly dataDir: SettingSource;
  readonly cacheDir: SettingSource;
  readonly out: SettingSource;
  readonly workers: SettingSource;
  /** The CPUs the scheduler gave this process (recorded even when `--workers` overrides it). */
  readonly allocation: CpuAllocation;
}

/**
 * The per-user folders are defined once, in `@xai/data/node`: `defaultDataDir` (real datasets) and
 * `defaultCacheRoot` (trained models under `models/`, downloads under `datasets/`).
 * `defaultCacheDir` here is the bench's older name for the cache root: an alias of `defaultCacheRoot`,
 * kept for one release (note that `@xai/data`'s own `defaultCacheDir` is the downloads folder).
 * @since 0.1.0
 */
export { defaultDataDir, defaultCacheRoot as defaultCacheDir } from '@xai/data/node';

const origin = (key: string, file: Record<string, unknown>, flags: Record<string, unknown>): SettingSource | null =>
  flags[key] !== undefined ? 'flag' : file[key] !== undefined ? 'config file' : null;

/**
 * Records where `dataDir`, `cacheDir`, `out` and `workers` came from (flags win over the config
 * file, which wins over the environment and the per-user defaults), and the CPU allocation.
 * @since 0.2.0
 */
export function runSources(
  file: Record<string, unknown>,
  flags: Record<string, unknown>,
  cwd: string,
  allocation: CpuAllocation = cpuAllocation(),
): RunSources {
  const dir = (key: string, fallback: ResolvedDir): SettingSource => origin(key, file, flags) ?? (fallback.from as SettingSource);
  return {
    dataDir: dir('dataDir', xaiDataHome(process.env, cwd)),
    cacheDir: dir('cacheDir', xaiCacheHome(process.env, cwd)),
    out: origin('out', file, flags) ?? 'working directory',
    workers: origin('workers', file, flags) ?? 'allocation',
    allocation,
  };
}
