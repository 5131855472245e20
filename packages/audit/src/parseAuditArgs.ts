import { XaiError, closestKey } from '@xai/core';
import { AUDIT_FLAGS } from './auditFlags.js';
import type { AuditCommandOptions } from './runAuditCommand.js';

/**
 * Parses `xai audit` arguments (`--adapter demo --cue length --sign shortest ...`, also
 * `--flag=value`) into options for `runAuditCommand`. Unknown flags, stray positional
 * arguments, repeated flags and non-numbers are BAD_OPTION errors naming the argument. The `command` field records the arguments for the receipt.
 * @since 0.1.0
 */
export function parseAuditArgs(argv: readonly string[]): AuditCommandOptions {
  const fn = 'parseAuditArgs';
  const out: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!;
    let inline: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (!arg.startsWith('--'))
      throw new XaiError('BAD_OPTION', `unexpected argument "${arg}" (every option is a --flag; values follow their flag)`, {
        fn,
        arg,
        value: arg,
      });
    // Own keys only: `--constructor` must not find Object.prototype.constructor.
    const spec = AUDIT_FLAGS.find((f) => f.flag === arg);
    if (!spec) {
      const near = closestKey(
        arg,
        AUDIT_FLAGS.map((f) => f.flag),
      );
      const known = AUDIT_FLAGS.map((f) => f.flag).join(' ');
      throw new XaiError('BAD_OPTION', `unknown option ${arg}${near ? ` (did you mean ${near}?)` : ''} (known: ${known})`, {
        fn,
        arg,
        value: arg,
      });
    }
    const { key, kind } = spec;
    if (Object.hasOwn(out, key)) throw new XaiError('BAD_OPTION', `${arg} is given twice`, { fn, arg, value: arg });
    if (kind === 'flag') {
      out[key] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new XaiError('BAD_OPTION', `${arg} needs a value`, { fn, arg, value: undefined });
    if (inline === undefined && AUDIT_FLAGS.some((f) => f.flag === value))
      throw new XaiError('BAD_OPTION', `${arg} needs a value, got the flag ${value}`, { fn, arg, value });
    if (kind === 'number') {
      const v = Number(value);
      if (value.trim() === '' || !Number.isFinite(v))
        throw new XaiError('BAD_OPTION', `${arg} expects a number, got "${value}"`, { fn, arg, value });
      out[key] = v;
    } else out[key] = value;
  }
  if (out.adapter === undefined)
    throw new XaiError('BAD_OPTION', '--adapter is required (demo, jsonl or csv)', { fn, arg: '--adapter', value: undefined });
  // --candidates is the demo's count, or the candidate columns of a table.
  if (out.candidates !== undefined && out.adapter !== 'demo') {
    out.candidateColumns = out.candidates;
    delete out.candidates;
  } else if (out.candidates !== undefined) {
    const v = Number(out.candidates);
    if (!Number.isFinite(v) || String(out.candidates).trim() === '')
      throw new XaiError('BAD_OPTION', `--candidates expects a number with --adapter demo, got "${String(out.candidates)}"`, {
        fn,
        arg: '--candidates',
        value: out.candidates,
      });
    out.candidates = v;
  }
  out.command = `xai audit ${argv.join(' ')}`;
  return out as unknown as AuditCommandOptions;
}
