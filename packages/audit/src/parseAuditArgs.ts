import { XaiError } from '@xai/core';
import type { AuditCommandOptions } from './runAuditCommand.js';

type Kind = 'string' | 'number' | 'flag';
const FLAGS: Record<string, [keyof AuditCommandOptions, Kind]> = {
  '--adapter': ['adapter', 'string'],
  '--json': ['json', 'flag'],
  '--markdown': ['markdown', 'flag'],
  '--seed': ['seed', 'number'],
  '--permutations': ['permutations', 'number'],
  '--quantile': ['quantile', 'number'],
  '--margin': ['margin', 'number'],
  '--min-covered': ['minCovered', 'number'],
  '--family': ['familyWise', 'string'],
  '--probes': ['probes', 'string'],
  '--fail-on-fire': ['failOnFire', 'flag'],
  '--cue': ['cue', 'string'],
  '--strength': ['strength', 'number'],
  '--sign': ['sign', 'string'],
  '--index': ['index', 'number'],
  '--items': ['items', 'number'],
  '--candidates': ['candidates', 'number'],
  '--corpus-seed': ['corpusSeed', 'number'],
  '--rebuilds': ['rebuilds', 'number'],
  '--blind': ['blind', 'string'],
  '--labels': ['labels', 'string'],
  '--file': ['file', 'string'],
  '--train': ['file', 'string'],
  '--test': ['test', 'string'],
  '--label': ['label', 'string'],
  '--missing': ['missing', 'string'],
  '--text': ['text', 'string'],
  '--id': ['id', 'string'],
  '--encoding': ['encoding', 'string'],
  '--features': ['features', 'string'],
};

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
    const spec = Object.hasOwn(FLAGS, arg) ? FLAGS[arg] : undefined;
    if (!spec) throw new XaiError('BAD_OPTION', `unknown option ${arg} (known: ${Object.keys(FLAGS).join(' ')})`, { fn, arg, value: arg });
    const [key, kind] = spec;
    if (Object.hasOwn(out, key)) throw new XaiError('BAD_OPTION', `${arg} is given twice`, { fn, arg, value: arg });
    if (kind === 'flag') {
      out[key] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new XaiError('BAD_OPTION', `${arg} needs a value`, { fn, arg, value: undefined });
    if (kind === 'number') {
      const v = Number(value);
      if (value.trim() === '' || !Number.isFinite(v))
        throw new XaiError('BAD_OPTION', `${arg} expects a number, got "${value}"`, { fn, arg, value });
      out[key] = v;
    } else out[key] = value;
  }
  if (out.adapter === undefined)
    throw new XaiError('BAD_OPTION', '--adapter is required (demo, jsonl or csv)', { fn, arg: '--adapter', value: undefined });
  out.command = `xai audit ${argv.join(' ')}`;
  return out as unknown as AuditCommandOptions;
}
