import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** A folder and where its value came from (`XAI_DATA_DIR`, `XDG_DATA_HOME`, `home`, …), for receipts. */
export interface ResolvedDir {
  readonly path: string;
  readonly from: string;
}

/**
 * The per-user data folder of local dataset copies (same layout as `shared/datasets`):
 * `$XAI_DATA_DIR`, else `$XDG_DATA_HOME/xai/datasets`, else `~/.local/share/xai/datasets`.
 * Never derived from the working directory; a relative variable resolves against `cwd`.
 * @example xaiDataHome({ XAI_DATA_DIR: '/srv/datasets' }) // { path: '/srv/datasets', from: 'XAI_DATA_DIR' }
 * @since 0.2.0
 */
export function xaiDataHome(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ResolvedDir {
  if (env.XAI_DATA_DIR) return { path: resolve(cwd, env.XAI_DATA_DIR), from: 'XAI_DATA_DIR' };
  if (env.XDG_DATA_HOME) return { path: join(resolve(cwd, env.XDG_DATA_HOME), 'xai', 'datasets'), from: 'XDG_DATA_HOME' };
  return { path: join(homedir(), '.local', 'share', 'xai', 'datasets'), from: 'home' };
}

/**
 * The per-user cache root (trained models under `models/`, downloaded datasets under
 * `datasets/`): `$XAI_CACHE_DIR`, else `$XDG_CACHE_HOME/xai`, else `~/.cache/xai`.
 * @example xaiCacheHome({}).path // '/home/me/.cache/xai'
 * @since 0.2.0
 */
export function xaiCacheHome(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ResolvedDir {
  if (env.XAI_CACHE_DIR) return { path: resolve(cwd, env.XAI_CACHE_DIR), from: 'XAI_CACHE_DIR' };
  if (env.XDG_CACHE_HOME) return { path: join(resolve(cwd, env.XDG_CACHE_HOME), 'xai'), from: 'XDG_CACHE_HOME' };
  return { path: join(homedir(), '.cache', 'xai'), from: 'home' };
}

/**
 * The cache root, as a path: `$XAI_CACHE_DIR`, else `$XDG_CACHE_HOME/xai`, else `~/.cache/xai`
 * ({@link xaiCacheHome}); trained models live under `models/`, downloads under `datasets/`.
 * @example defaultCacheRoot() // '/home/me/.cache/xai'
 * @since 0.2.0
 */
export function defaultCacheRoot(cwd: string = process.cwd()): string {
  return xaiCacheHome(process.env, cwd).path;
}

/**
 * Where downloaded datasets are kept: `<cache root>/datasets` ({@link defaultCacheRoot}).
 * @example defaultCacheDir() // '/home/me/.cache/xai/datasets'
 * @since 0.1.0
 */
export function defaultCacheDir(cwd: string = process.cwd()): string {
  return join(defaultCacheRoot(cwd), 'datasets');
}

/**
 * The local dataset folder: `$XAI_DATA_DIR`, else `$XDG_DATA_HOME/xai/datasets`, else
 * `~/.local/share/xai/datasets` ({@link xaiDataHome}); a relative variable resolves against `cwd`.
 * @example defaultDataDir() // '/home/me/.local/share/xai/datasets'
 * @since 0.1.0
 */
export function defaultDataDir(cwd: string = process.cwd()): string {
  return xaiDataHome(process.env, cwd).path;
}
