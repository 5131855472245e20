import { AUDIT_LIMITS } from './auditOptions.js';
import type { AuditCommandOptions } from './runAuditCommand.js';

/**
 * What an `xai audit` run reads, decided from the flags given (see `auditMode`):
 * - `demo`: generated corpora, no files;
 * - `multiple-choice`: JSONL items without answers (`--blind`) and their answers (`--labels`);
 * - `columns`: multiple choice laid out as columns, one row per item (`--candidates a,b --answer col`);
 * - `classification`: one labelled text per row (`--text a,b --label col`);
 * - `table`: a tabular CSV with a label column.
 * @since 0.3.0
 */
export type AuditMode = 'demo' | 'multiple-choice' | 'columns' | 'classification' | 'table';

/** Every mode, in help order. */
export const AUDIT_MODES: readonly AuditMode[] = ['demo', 'multiple-choice', 'columns', 'classification', 'table'];

/** How a flag's value is read. */
export type FlagKind = 'flag' | 'string' | 'number';

/** Inclusive bounds of a numeric flag, checked before any work starts. */
export interface FlagBounds {
  readonly min?: number;
  readonly max?: number;
  /** Exclusive bounds. */
  readonly above?: number;
  readonly below?: number;
  readonly integer?: boolean;
}

/** One `xai audit` flag: the option key, how it is read, where it applies, its bounds and its help line. */
export interface AuditFlag {
  readonly flag: `--${string}`;
  readonly key: keyof AuditCommandOptions;
  readonly kind: FlagKind;
  /** The modes the flag applies to ('all' = every mode). Given anywhere else it is an error. */
  readonly modes: 'all' | readonly AuditMode[];
  readonly bounds?: FlagBounds;
  /** The value's placeholder in the help. */
  readonly value?: string;
  readonly help: string;
}

const FILE_MODES: readonly AuditMode[] = ['multiple-choice', 'columns', 'classification', 'table'];
const LEARNED_MODES: readonly AuditMode[] = ['multiple-choice', 'columns', 'classification'];

/**
 * The flags of `xai audit`, each fact once: the parser, the applicability check, the bounds check
 * and the help text all read this table.
 * @since 0.3.0
 */
export const AUDIT_FLAGS: readonly AuditFlag[] = [
  {
    flag: '--adapter',
    key: 'adapter',
    kind: 'string',
    modes: 'all',
    value: 'demo|jsonl|csv',
    help: 'where the items come from (required)',
  },
  { flag: '--json', key: 'json', kind: 'flag', modes: 'all', help: 'print the report as JSON' },
  { flag: '--markdown', key: 'markdown', kind: 'flag', modes: 'all', help: 'print the report as Markdown tables' },
  {
    flag: '--out',
    key: 'out',
    kind: 'string',
    modes: 'all',
    value: 'file',
    help: 'also write the report to a file: .json → JSON, .md → Markdown, anything else → text (written atomically; never an input)',
  },
  {
    flag: '--permutations',
    key: 'permutations',
    kind: 'number',
    modes: 'all',
    value: 'R',
    bounds: { integer: true, min: 1, max: AUDIT_LIMITS.permutations },
    help: `draws per null (default 100, at most ${AUDIT_LIMITS.permutations})`,
  },
  {
    flag: '--seed',
    key: 'seed',
    kind: 'number',
    modes: 'all',
    value: 'n',
    bounds: { integer: true },
    help: 'seed of every null draw (default 0)',
  },
  {
    flag: '--quantile',
    key: 'quantile',
    kind: 'number',
    modes: 'all',
    value: 'q',
    bounds: { above: 0, below: 1 },
    help: 'null upper quantile to beat (default 0.99)',
  },
  {
    flag: '--margin',
    key: 'margin',
    kind: 'number',
    modes: 'all',
    value: 'm',
    bounds: { min: 0, below: 1 },
    help: 'accuracy must exceed the bound by more than m (default 0.02)',
  },
  {
    flag: '--min-covered',
    key: 'minCovered',
    kind: 'number',
    modes: 'all',
    value: 'n',
    bounds: { integer: true, min: 1, max: AUDIT_LIMITS.minCovered },
    help: 'fewest committed items for a probe to fire (default 20)',
  },
  {
    flag: '--family',
    key: 'familyWise',
    kind: 'string',
    modes: 'all',
    value: 'max-t|none',
    help: 'correction across the battery (default max-t)',
  },
  { flag: '--probes', key: 'probes', kind: 'string', modes: 'all', value: 'a,b', help: 'run only these probes of the battery' },
  { flag: '--fail-on-fire', key: 'failOnFire', kind: 'flag', modes: 'all', help: 'exit code 1 when a probe fires (a CI gate)' },
  // demo
  {
    flag: '--cue',
    key: 'cue',
    kind: 'string',
    modes: ['demo'],
    value: 'name|none',
    help: 'the cue injected into the second demo corpus (none = clean only; default position)',
  },
  {
    flag: '--strength',
    key: 'strength',
    kind: 'number',
    modes: ['demo'],
    value: 's',
    bounds: { min: 0, max: 1 },
    help: 'cue strength (default 1)',
  },
  {
    flag: '--sign',
    key: 'sign',
    kind: 'string',
    modes: ['demo'],
    value: 'longest|shortest',
    help: 'direction of the length cue (--cue length)',
  },
  {
    flag: '--index',
    key: 'index',
    kind: 'number',
    modes: ['demo'],
    value: 'j',
    bounds: { integer: true, min: 0, max: 15 },
    help: 'slot of the position cue',
  },
  {
    flag: '--items',
    key: 'items',
    kind: 'number',
    modes: ['demo'],
    value: 'n',
    bounds: { integer: true, min: 1, max: 100_000 },
    help: 'items per demo corpus (default 300)',
  },
  {
    flag: '--candidates',
    key: 'candidates',
    kind: 'string',
    modes: ['demo', 'columns'],
    value: 'k | a,b,…',
    bounds: { integer: true, min: 2, max: 16 },
    help: 'demo: candidates per item (2–16, default 4); columns: the candidate columns, in order',
  },
  {
    flag: '--corpus-seed',
    key: 'corpusSeed',
    kind: 'number',
    modes: ['demo'],
    value: 'n',
    bounds: { integer: true },
    help: 'seed of the demo corpus',
  },
  {
    flag: '--rebuilds',
    key: 'rebuilds',
    kind: 'number',
    modes: ['demo'],
    value: 'R',
    bounds: { integer: true, min: 1, max: AUDIT_LIMITS.rebuilds },
    help: 'rebuild the demo corpus R times and print the envelope (ranges)',
  },
  // files
  {
    flag: '--blind',
    key: 'blind',
    kind: 'string',
    modes: ['multiple-choice'],
    value: 'file',
    help: 'JSONL items without answers (with --labels)',
  },
  { flag: '--labels', key: 'labels', kind: 'string', modes: ['multiple-choice'], value: 'file', help: 'JSONL answers joined by item id' },
  {
    flag: '--file',
    key: 'file',
    kind: 'string',
    modes: ['columns', 'classification', 'table'],
    value: 'file',
    help: 'the CSV or JSONL file (alias --train)',
  },
  {
    flag: '--train',
    key: 'file',
    kind: 'string',
    modes: ['columns', 'classification', 'table'],
    value: 'file',
    help: 'the same as --file',
  },
  {
    flag: '--test',
    key: 'test',
    kind: 'string',
    modes: ['columns', 'classification', 'table'],
    value: 'file',
    help: 'a second file of the same layout (test split)',
  },
  {
    flag: '--label',
    key: 'label',
    kind: 'string',
    modes: ['classification', 'table'],
    value: 'field',
    help: 'the label field or column (table default: the last column)',
  },
  {
    flag: '--missing',
    key: 'missing',
    kind: 'string',
    modes: ['table'],
    value: 'a,b',
    help: 'cell values read as missing in numeric columns (e.g. ,NA,?)',
  },
  {
    flag: '--text',
    key: 'text',
    kind: 'string',
    modes: LEARNED_MODES,
    value: 'a,b',
    help: 'classification: the text fields, each audited alone; multiple choice: parts (candidates, query, a field) added as bag-of-words probes',
  },
  {
    flag: '--id',
    key: 'id',
    kind: 'string',
    modes: ['columns', 'classification'],
    value: 'field',
    help: 'the item id field (default: id when every row has one)',
  },
  {
    flag: '--answer',
    key: 'answer',
    kind: 'string',
    modes: ['columns'],
    value: 'column',
    help: "the answer: an index (0- or 1-based), a letter (A, B, …), a candidate column's name or a candidate's text",
  },
  {
    flag: '--answer-base',
    key: 'answerBase',
    kind: 'number',
    modes: ['columns'],
    value: '0|1',
    bounds: { integer: true, min: 0, max: 1 },
    help: 'index answers count from 0 or 1 (only needed when the file cannot tell)',
  },
  {
    flag: '--query',
    key: 'query',
    kind: 'string',
    modes: ['columns'],
    value: 'a,b',
    help: 'the question: one column, or several joined by a space',
  },
  {
    flag: '--candidate-ids',
    key: 'candidateIds',
    kind: 'string',
    modes: ['columns'],
    value: 'a,b',
    help: "columns holding each candidate's id, in the order of --candidates",
  },
  {
    flag: '--features',
    key: 'features',
    kind: 'string',
    modes: LEARNED_MODES,
    value: 'words|chars|words+chars',
    help: 'n-grams of the bag-of-words probes (needs --text; default words)',
  },
  {
    flag: '--encoding',
    key: 'encoding',
    kind: 'string',
    modes: FILE_MODES,
    value: 'name',
    help: 'encoding of every input file (latin1, windows-1252, utf-16le, …; default strict UTF-8)',
  },
];

const MODE_TEXT: Record<AuditMode, string> = {
  demo: '--adapter demo',
  'multiple-choice': 'multiple choice from --blind/--labels',
  columns: 'multiple choice in columns (--candidates/--answer)',
  classification: 'a classification corpus (--text/--label)',
  table: 'a table (--adapter csv --file)',
};

/** How a mode is named in errors and help. */
export function modeText(mode: AuditMode): string {
  return MODE_TEXT[mode];
}

/**
 * The help lines of every flag (what `xai audit --help` prints), aligned in one table with the
 * `extra` lines a host adds for the flags it handles itself (`xai`'s `--data <csv>`).
 * @since 0.3.0
 */
export function auditFlagHelp(extra: readonly { readonly flag: string; readonly help: string }[] = []): string {
  const left = (f: AuditFlag): string => `${f.flag}${f.value ? ` <${f.value}>` : ''}`;
  const where = (f: AuditFlag): string => (f.modes === 'all' ? '' : ` [${f.modes.join(', ')}]`);
  const rows = [...AUDIT_FLAGS.map((f) => [left(f), `${f.help}${where(f)}`] as const), ...extra.map((e) => [e.flag, e.help] as const)];
  const width = Math.max(...rows.map(([l]) => l.length));
  return rows.map(([l, help]) => `  ${l.padEnd(width)}  ${help}`).join('\n');
}
