// The run settings of one command, with every refusal told in the user's terms: the command that
// ran and the flag as typed (`xai evaluate: --stability-samples`), or the --config file and key a
// value came from — never the config key of another command (`xai bench: stabilitySamples`).
import { XaiError, isXaiError } from '@xai/core';
import type { BenchConfig, BenchConfigInput } from '../config/benchConfig.js';
import { resolveBenchConfig } from '../config/benchConfig.js';
import type { SettingCommand } from '../config/settings.js';
import { SETTINGS, flagName, settingsOf } from '../config/settings.js';

/** Where a command's settings came from: its flags, and for `xai bench` a --config file. */
export interface CommandSettings {
  readonly flags: BenchConfigInput;
  /** The parsed --config JSON and its path. */
  readonly config?: { readonly path: string; readonly value: unknown };
}

/**
 * `resolveBenchConfig` for `xai <command>`: a refusal names the command and the flag (or the
 * config file and key) the bad value came from.
 * @since 0.3.0
 */
export function resolveCommandConfig(command: SettingCommand, s: CommandSettings): BenchConfig {
  try {
    return resolveBenchConfig(s.config?.value, s.flags);
  } catch (e) {
    throw inUserTerms(e, command, s);
  }
}

/**
 * The flags of `command` that carry a config key, keyed by it: what `resolveBenchConfig` reads for
 * a command whose every keyed flag means what it means for `xai bench` (train, data export).
 * @since 0.3.0
 */
export function configFlags(command: SettingCommand, flags: object): BenchConfigInput {
  const given = flags as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const s of settingsOf(command)) if (s.key !== undefined) out[s.key] = given[flagName(s.flag)];
  return out as BenchConfigInput;
}

/** A config refusal re-told for `xai <command>`; any other error as it is. */
export function inUserTerms(e: unknown, command: SettingCommand, s: CommandSettings): unknown {
  if (!isXaiError(e) || e.details.fn !== 'xai bench' || typeof e.details.arg !== 'string') return e;
  const { arg } = e.details;
  const prefix = `[${e.code}] xai bench: ${arg}: `;
  const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return new XaiError(e.code, message, { ...e.details, fn: `xai ${command}`, arg: userArg(arg, s) });
}

/** `stabilitySamples` → `--stability-samples`, or `cfg.json: stabilitySamples` when the file set it. */
function userArg(arg: string, s: CommandSettings): string {
  if (arg === 'config') return s.config ? `--config ${s.config.path}` : arg;
  if (arg.startsWith('--')) return arg;
  const [key, ...rest] = arg.split('.');
  const typed = (s.flags as Record<string, unknown>)[key!] !== undefined;
  const file = s.config?.value;
  if (!typed && s.config && file !== null && typeof file === 'object' && key! in file) return `${s.config.path}: ${arg}`;
  const row = SETTINGS.find((r) => r.key === key && r.value !== undefined) ?? SETTINGS.find((r) => r.key === key);
  if (row === undefined) return arg;
  return rest.length > 0 ? `${row.flag} ${rest.join('.')}` : row.flag;
}
