import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where downloaded datasets are kept: `$XAI_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/xai/datasets`, else `~/.cache/xai/datasets`.
 * @since 0.1.0
 */
export function defaultCacheDir(): string {
  const env = process.env;
  if (env.XAI_CACHE_DIR) return env.XAI_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'xai', 'datasets');
}

/** A local dataset folder from `$XAI_DATA_DIR`, if set (same layout as `shared/datasets`). @since 0.1.0 */
export function defaultDataDir(): string | undefined {
  return process.env.XAI_DATA_DIR || undefined;
}
