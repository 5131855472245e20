import { XaiError, describeValue } from '@xai/core';
import type { AuditFlag, AuditMode } from './auditFlags.js';
import { AUDIT_FLAGS, modeText } from './auditFlags.js';
import type { AuditCommandOptions } from './runAuditCommand.js';

const fn = 'runAuditCommand';
const bad = (arg: string, message: string, value?: unknown): XaiError => new XaiError('BAD_OPTION', message, { fn, arg, value });

/**
 * The mode of an `xai audit` run, from the adapter and the flags given; a combination that
 * names no mode, or two, is a BAD_OPTION saying which flags to give.
 * @since 0.3.0
 */
export function auditMode(o: AuditCommandOptions): AuditMode {
  const adapter = o.adapter as string;
  if (adapter === 'demo') return 'demo';
  if (adapter !== 'jsonl' && adapter !== 'csv')
    throw bad('adapter', `unknown adapter ${describeValue(adapter)} (demo, jsonl or csv)`, adapter);
  const pairs = o.blind !== undefined || o.labels !== undefined;
  const columns = o.candidateColumns !== undefined || o.answer !== undefined;
  if (pairs) {
    if (adapter === 'csv') throw bad(o.blind !== undefined ? 'blind' : 'labels', '--blind/--labels are JSONL files: use --adapter jsonl');
    if (o.file !== undefined)
      throw bad(
        'file',
        '--file does not apply beside --blind/--labels: give either the two JSONL files of a multiple-choice corpus, or one --file with --text/--label (classification) or --candidates/--answer (multiple choice in columns)',
        o.file,
      );
    if (o.blind === undefined || o.labels === undefined)
      throw bad(o.blind === undefined ? 'blind' : 'labels', 'multiple choice from JSONL needs both --blind <file> and --labels <file>');
    return 'multiple-choice';
  }
  if (o.file === undefined) {
    const what =
      adapter === 'jsonl'
        ? '--adapter jsonl needs --blind <file> --labels <file> (multiple choice), or --file <file> with --text/--label (classification) or --candidates/--answer (multiple choice in columns)'
        : '--adapter csv needs --file <file>: a table (with --label), a classification corpus (--text/--label) or multiple choice in columns (--candidates/--answer)';
    throw bad('file', what);
  }
  if (columns) {
    if (o.candidateColumns === undefined)
      throw bad('candidates', 'multiple choice in columns needs --candidates <col,col,…> beside --answer');
    if (o.answer === undefined) throw bad('answer', 'multiple choice in columns needs --answer <column> beside --candidates');
    return 'columns';
  }
  if (o.text !== undefined) return 'classification';
  if (adapter === 'jsonl')
    throw bad(
      'text',
      `--adapter jsonl --file ${o.file} needs --text <fields> and --label <field> (a classification corpus) or --candidates <cols> --answer <col> (multiple choice in columns); multiple-choice JSONL in two files uses --blind/--labels`,
    );
  return 'table';
}

/** The flag that sets option `key` (`--candidates` sets the demo's count `candidates` or the columns' `candidateColumns`). */
function flagOf(key: string): AuditFlag | undefined {
  return AUDIT_FLAGS.find((f) => f.key === (key === 'candidateColumns' ? 'candidates' : key));
}

/** The modes option `key` applies to. */
function modesOf(key: string, spec: AuditFlag): 'all' | readonly AuditMode[] {
  if (key === 'candidates') return ['demo'];
  if (key === 'candidateColumns') return ['columns'];
  return spec.modes;
}

const HINTS: Partial<Record<string, Partial<Record<AuditMode, string>>>> = {
  label: { columns: 'the answer column is --answer', 'multiple-choice': 'the answers come from --labels' },
  candidateColumns: { 'multiple-choice': 'the candidates are in the --blind file' },
  missing: { classification: 'rows without a label are skipped and counted' },
};

/**
 * Every option given must apply to the mode (a flag that does not is an error naming the
 * flag and the mode, never silently ignored), and every number must be within its flag's
 * documented bounds, before any file is read.
 * @since 0.3.0
 */
export function checkAuditFlags(o: AuditCommandOptions, mode: AuditMode): void {
  for (const [key, value] of Object.entries(o)) {
    if (value === undefined || key === 'command' || key === 'adapter') continue;
    const spec = flagOf(key);
    if (spec === undefined) continue;
    const modes = modesOf(key, spec);
    if (modes !== 'all' && !modes.includes(mode)) {
      const hint = HINTS[key]?.[mode];
      throw bad(
        key,
        `${spec.flag} does not apply to ${modeText(mode)}${hint ? ` (${hint})` : ''}; it applies to ${modes.map(modeText).join('; ')}`,
        value,
      );
    }
    if (typeof value === 'number' && spec.bounds) checkBounds(spec, key, value);
  }
}

function checkBounds(spec: AuditFlag, key: string, v: number): void {
  const b = spec.bounds!;
  const ok =
    Number.isFinite(v) &&
    (!b.integer || Number.isSafeInteger(v)) &&
    (b.min === undefined || v >= b.min) &&
    (b.max === undefined || v <= b.max) &&
    (b.above === undefined || v > b.above) &&
    (b.below === undefined || v < b.below);
  if (ok) return;
  const lo = b.above !== undefined ? `> ${b.above}` : b.min !== undefined ? `>= ${b.min}` : '';
  const hi = b.below !== undefined ? `< ${b.below}` : b.max !== undefined ? `<= ${b.max}` : '';
  const range = [lo, hi].filter((s) => s.length > 0).join(' and ');
  throw bad(key, `${spec.flag} must be ${b.integer ? 'an integer' : 'a number'}${range ? ` ${range}` : ''}, got ${v}`, v);
}
