import type { AuditOptions } from './auditOptions.js';
import { XaiError, checkOptions, enumOption } from '@xai/core';
import type { AuditEnvelope } from './auditEnvelope.js';
import { auditEnvelope } from './auditEnvelope.js';
import type { AuditJson, AuditReport } from './auditReport.js';
import { toAuditJson } from './auditReport.js';
import type { CueName, CueSpec, DemoCorpusOptions } from './demo/generateDemoCorpus.js';
import { CUE_NAMES } from './demo/generateDemoCorpus.js';
import { csvAdapter } from './adapters/csvAdapter.js';
import { demoAdapter } from './adapters/demoAdapter.js';
import { classificationAdapter } from './adapters/classificationAdapter.js';
import { columnsAdapter } from './adapters/columnsAdapter.js';
import { jsonlAdapter } from './adapters/jsonlAdapter.js';
import type { OutputFormat } from './adapters/writeReportFile.js';
import { checkOutPath, writeReportFile } from './adapters/writeReportFile.js';
import { AUDIT_FLAGS } from './auditFlags.js';
import type { AuditMode } from './auditFlags.js';
import { auditMode, checkAuditFlags } from './auditMode.js';
import { sourceBattery } from './learned/sourceBattery.js';
import type { TextFeatureKind } from './learned/textFeatures.js';
import type { AuditSource } from './adapters/auditSource.js';
import { runAuditSource } from './adapters/runAuditSource.js';
import { formatAuditTable } from './formatAuditTable.js';
import { formatEnvelope } from './formatEnvelope.js';
import { parseAuditArgs } from './parseAuditArgs.js';
import { defaultProbes } from './probes/defaultProbes.js';
import type { TabularProbeName } from './tabular/runTabularAudit.js';
import { TABULAR_PROBE_NAMES } from './tabular/runTabularAudit.js';

/** Options of the `xai audit` command (what `parseAuditArgs` returns). */
export interface AuditCommandOptions {
  readonly adapter: 'demo' | 'jsonl' | 'csv';
  /** Markdown table instead of the terminal table. */
  readonly markdown?: boolean;
  /** Callers print `json` instead of `text` when set (both are always returned). */
  readonly json?: boolean;
  readonly seed?: number;
  readonly permutations?: number;
  readonly quantile?: number;
  readonly margin?: number;
  readonly minCovered?: number;
  /** Correction across probes: 'max-t' (default) or 'none'. */
  readonly familyWise?: 'max-t' | 'none';
  /** Comma-separated probe names to run (default: all). */
  readonly probes?: string;
  /** exitCode 1 when any probe fires (for CI gates). */
  readonly failOnFire?: boolean;
  // demo
  /** Cue of the second demo corpus ('none' = clean only). @defaultValue 'position' */
  readonly cue?: CueName | 'none';
  readonly strength?: number;
  readonly sign?: 'longest' | 'shortest';
  readonly index?: number;
  readonly items?: number;
  readonly candidates?: number;
  readonly corpusSeed?: number;
  /** Rebuild the demo corpus this many times and print the envelope. */
  readonly rebuilds?: number;
  // jsonl
  readonly blind?: string;
  readonly labels?: string;
  // csv
  readonly file?: string;
  readonly test?: string;
  readonly label?: string;
  /** Comma-separated cell values read as missing in numeric columns (e.g. `NA,?` or `,NA`). */
  readonly missing?: string;
  /**
   * Comma-separated text fields. With `--file` (jsonl, or csv): a classification corpus, each
   * field audited alone by a bag-of-words probe. With `--blind/--labels`: parts of the items
   * (`candidates`, `query`, a field) added to the battery as bag-of-words probes.
   */
  readonly text?: string;
  /** Classification: the id field (dotted path). @defaultValue `id` when every row has one */
  readonly id?: string;
  /** Encoding of every input file. @defaultValue UTF-8, strictly */
  readonly encoding?: string;
  /** N-grams of the bag-of-words probes: 'words' (unigrams + bigrams), 'chars' (3-grams) or 'words+chars'. @defaultValue 'words' */
  readonly features?: TextFeatureKind;
  /** Write the report to this file too: `.json` → JSON, `.md` → Markdown, anything else → text (atomically; never an input file). */
  readonly out?: string;
  // columns (multiple choice laid out as columns; `--candidates a,b` on the command line)
  /** Comma-separated candidate columns, in order. */
  readonly candidateColumns?: string;
  /** The answer column: an index (0- or 1-based), a letter, a candidate column's name or a candidate's text. */
  readonly answer?: string;
  /** Index answers count from 0 or 1 (only when the file cannot tell). */
  readonly answerBase?: number;
  /** Comma-separated query columns (joined by a space). */
  readonly query?: string;
  /** Comma-separated columns holding each candidate's id. */
  readonly candidateIds?: string;
  /** The command line, recorded in receipts. */
  readonly command?: string;
}

const AUDIT_COMMAND_KEYS: readonly string[] = [...new Set(AUDIT_FLAGS.map((f) => f.key)), 'candidateColumns', 'command'];

export interface AuditCommandResult {
  /** Human-readable output (terminal or Markdown tables). */
  readonly text: string;
  /** Machine-readable output (`--json`). */
  readonly json: unknown;
  /** 0, or 1 with `failOnFire` when a probe fired. */
  readonly exitCode: number;
  /** The file the report was written to (`out`). */
  readonly out?: string;
}

/**
 * The `xai audit` command as a function (the CLI in @xai/bench prints `text`, or `json`
 * with `--json`). Accepts parsed options or the raw argument list. Before any file is read,
 * the flags are checked: a flag that does not apply to the run (see `AuditMode`), a number
 * outside its documented bounds (`AUDIT_FLAGS`), a field named twice or an output path that is
 * an input are BAD_OPTION errors naming the flag.
 * - `demo`: audits a clean corpus and a cued one (default cue: position, strength 1);
 *   with `rebuilds`, prints the envelope over rebuilds instead.
 * - `jsonl`: `blind` + `labels` files; or one `file` as classification (`text`, `label`) or
 *   multiple choice in columns (`candidateColumns`, `answer`).
 * - `csv`: `file` (+ `test`, `label`): the tabular probes; or classification / columns as above.
 * With `out`, the report is also written to that file (text, Markdown or JSON by extension).
 * @example
 *   const { text } = await runAuditCommand(['--adapter', 'demo']);
 * @since 0.1.0
 */
export async function runAuditCommand(input: AuditCommandOptions | readonly string[]): Promise<AuditCommandResult> {
  const fn = 'runAuditCommand';
  // 1. Flags or options, checked before any work: the mode, flags that apply to it, bounds, values.
  if (!Array.isArray(input)) checkOptions(input as AuditCommandOptions, AUDIT_COMMAND_KEYS, fn);
  const o = Array.isArray(input) ? parseAuditArgs(input) : (input as AuditCommandOptions);
  const mode = auditMode(o);
  checkAuditFlags(o, mode);
  checkValues(o, mode, fn);
  const outFormat = o.out !== undefined ? checkOutPath(o.out, inputPaths(o), fn) : undefined;
  const format = o.markdown ? 'markdown' : 'terminal';
  const auditOptions: AuditOptions = {
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    ...(o.permutations !== undefined ? { permutations: o.permutations } : {}),
    ...(o.quantile !== undefined ? { quantile: o.quantile } : {}),
    ...(o.margin !== undefined ? { margin: o.margin } : {}),
    ...(o.minCovered !== undefined ? { minCovered: o.minCovered } : {}),
    ...(o.familyWise !== undefined ? { familyWise: o.familyWise } : {}),
    ...(o.command !== undefined ? { receipt: { command: o.command } } : {}),
  };
  const wanted = list(o.probes);
  // 2. The demo corpora, or a corpus read from files and audited with its battery.
  const result =
    mode === 'demo' ? demoCommand(o, auditOptions, wanted, format, fn) : await fileCommand(o, mode, auditOptions, wanted, format, fn);
  // 3. The report file, written atomically.
  if (o.out === undefined || outFormat === undefined) return result;
  await writeReportFile(o.out, outputText(result, outFormat), fn);
  return { ...result, out: o.out };
}

/** Reads the files of the run, audits them with their battery and renders the report. */
async function fileCommand(
  o: AuditCommandOptions,
  mode: Exclude<AuditMode, 'demo'>,
  auditOptions: AuditOptions,
  wanted: string[] | undefined,
  format: 'markdown' | 'terminal',
  fn: string,
): Promise<AuditCommandResult & { markdown: string }> {
  const source = await loadSource(o, mode);
  const report = auditSource(source, o, auditOptions, wanted, fn);
  const skipped = source.kind === 'items' ? (source.layout?.skipped ?? source.classification?.skipped) : undefined;
  const render = (f: 'markdown' | 'terminal'): string => `${heading(source, report)}\n${formatAuditTable(report, f)}`;
  return {
    text: render(format),
    markdown: render('markdown'),
    json: { ...toAuditJson(report), ...(skipped !== undefined ? { skipped } : {}) },
    exitCode: o.failOnFire && report.probes.some((p) => p.fires) ? 1 : 0,
  };
}

/** The report in the format of the --out file. */
function outputText(result: AuditCommandResult & { markdown?: string; terminal?: string }, format: OutputFormat): string {
  if (format === 'json') return `${JSON.stringify(result.json, null, 2)}\n`;
  const text = format === 'markdown' ? (result.markdown ?? result.text) : (result.terminal ?? result.text);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** Values with a fixed set of choices, and fields named twice, checked before any file is read. */
function checkValues(o: AuditCommandOptions, mode: AuditMode, fn: string): void {
  if (o.familyWise !== undefined) enumOption(o.familyWise, fn, 'familyWise', { values: ['max-t', 'none'] });
  if (o.features !== undefined) {
    if (o.text === undefined)
      throw new XaiError('BAD_OPTION', '--features applies to the bag-of-words probes: give --text too', {
        fn,
        arg: 'features',
        value: o.features,
      });
    enumOption(o.features, fn, 'features', { values: ['words', 'chars', 'words+chars'] });
  }
  if (o.sign !== undefined && (o.cue !== 'length' || (o.sign !== 'longest' && o.sign !== 'shortest')))
    throw new XaiError('BAD_OPTION', `--sign ${String(o.sign)}: only 'longest' or 'shortest', and only with --adapter demo --cue length`, {
      fn,
      arg: 'sign',
      value: o.sign,
    });
  if (mode === 'demo' && o.cue !== undefined && o.cue !== 'none' && !(CUE_NAMES as readonly string[]).includes(o.cue))
    throw new XaiError('BAD_OPTION', `unknown cue "${o.cue}" (known: none, ${CUE_NAMES.join(', ')})`, { fn, arg: 'cue', value: o.cue });
  const text = list(o.text) ?? [];
  if (mode === 'classification' && o.label !== undefined && text.includes(o.label))
    throw new XaiError(
      'BAD_OPTION',
      `--text ${o.text} names the label field "${o.label}": a field cannot be audited as a predictor of itself`,
      {
        fn,
        arg: 'text',
        value: o.label,
      },
    );
  if (mode === 'classification' && o.label === undefined)
    throw new XaiError('BAD_OPTION', 'a classification corpus needs --label <field>', { fn, arg: 'label', value: undefined });
  if (mode === 'columns') {
    const cols = list(o.candidateColumns) ?? [];
    for (const [flag, value] of [
      ['--answer', o.answer],
      ['--id', o.id],
      ...(list(o.query) ?? []).map((q) => ['--query', q] as const),
    ] as const)
      if (value !== undefined && cols.includes(value))
        throw new XaiError('BAD_OPTION', `${flag} ${value} is one of the candidate columns (--candidates ${o.candidateColumns})`, {
          fn,
          arg: flag.slice(2),
          value,
        });
  }
}

/** The input files of a run (the --out file may be none of them). */
function inputPaths(o: AuditCommandOptions): string[] {
  return [o.file, o.test, o.blind, o.labels].filter((p): p is string => p !== undefined);
}

/** The demo: a clean corpus and (unless `--cue none`) a cued one, audited once or as an envelope over rebuilds. */
function demoCommand(
  o: AuditCommandOptions,
  auditOptions: AuditOptions,
  wanted: string[] | undefined,
  format: 'markdown' | 'terminal',
  fn: string,
): AuditCommandResult & { markdown: string } {
  const cue = o.cue ?? 'position';
  const probes = wanted ? pickProbes(wanted, fn, defaultProbes) : undefined;
  const base: Omit<DemoCorpusOptions, 'seed'> = {
    ...(o.items !== undefined ? { items: o.items } : {}),
    ...(o.candidates !== undefined ? { candidates: o.candidates } : {}),
  };
  const cueSpec: CueSpec = {
    strength: o.strength ?? 1,
    ...(o.sign !== undefined ? { sign: o.sign } : {}),
    ...(o.index !== undefined ? { index: o.index } : {}),
  };
  const corpora: { label: string; corpus: Omit<DemoCorpusOptions, 'seed'> }[] = [{ label: 'clean', corpus: base }];
  if (cue !== 'none') corpora.push({ label: `cue ${cue}`, corpus: { ...base, cues: { [cue]: cueSpec } } });
  const opts = { ...auditOptions, ...(probes ? { probes } : {}) };
  if (o.rebuilds !== undefined) {
    const envs: (AuditEnvelope & { label: string })[] = corpora.map(({ label, corpus }) => ({
      label,
      ...auditEnvelope({
        rebuilds: o.rebuilds!,
        corpus,
        corpusSeed: o.corpusSeed ?? 0,
        audit: opts,
        ...(o.command !== undefined ? { command: o.command } : {}),
      }),
    }));
    const render = (f: 'markdown' | 'terminal'): string =>
      envs
        .map((e) => `== demo ${e.label}: envelope over ${e.rebuilds} rebuilds of ${e.itemsPerCorpus} items ==\n${formatEnvelope(e, f)}`)
        .join('\n');
    const fired = envs.some((e) => e.probes.some((p) => p.fired > 0));
    return { text: render(format), markdown: render('markdown'), json: { envelopes: envs }, exitCode: o.failOnFire && fired ? 1 : 0 };
  }
  const reports: { label: string; report: AuditReport; source: AuditSource }[] = [];
  for (const { label, corpus } of corpora) {
    const source = demoAdapter.load({ ...corpus, seed: o.corpusSeed ?? 0 }) as AuditSource;
    reports.push({ label, source, report: runAuditSource(source, opts, 'demo') });
  }
  const render = (f: 'markdown' | 'terminal'): string =>
    reports.map(({ source, report }) => `${heading(source, report)}\n${formatAuditTable(report, f)}`).join('\n');
  const [first, ...rest] = reports;
  const json: AuditJson & { cued?: AuditJson } = {
    ...toAuditJson(first!.report),
    ...(rest.length > 0 ? { cued: toAuditJson(rest[0]!.report) } : {}),
  };
  return {
    text: render(format),
    markdown: render('markdown'),
    json,
    exitCode: o.failOnFire && reports.some((r) => r.report.probes.some((p) => p.fires)) ? 1 : 0,
  };
}

/** Reads the corpus of the mode: classification, multiple choice (JSONL pair or columns), or a table. */
async function loadSource(o: AuditCommandOptions, mode: Exclude<AuditMode, 'demo'>): Promise<AuditSource> {
  const encoding = o.encoding !== undefined ? { encoding: o.encoding } : {};
  const test = o.test !== undefined ? { test: o.test } : {};
  const format = o.adapter === 'csv' || o.adapter === 'jsonl' ? { format: o.adapter } : {};
  if (mode === 'multiple-choice') return await jsonlAdapter.load({ blind: o.blind!, labels: o.labels!, ...encoding });
  if (mode === 'classification')
    return await classificationAdapter.load({
      file: o.file!,
      ...test,
      text: list(o.text)!,
      label: o.label!,
      ...(o.id !== undefined ? { id: o.id } : {}),
      ...format,
      ...encoding,
    });
  if (mode === 'columns')
    return await columnsAdapter.load({
      file: o.file!,
      ...test,
      candidates: list(o.candidateColumns)!,
      answer: o.answer!,
      ...(o.answerBase !== undefined ? { answerBase: o.answerBase as 0 | 1 } : {}),
      ...(o.query !== undefined ? { query: list(o.query)! } : {}),
      ...(o.id !== undefined ? { id: o.id } : {}),
      ...(o.candidateIds !== undefined ? { candidateIds: list(o.candidateIds)! } : {}),
      ...format,
      ...encoding,
    });
  return await csvAdapter.load({
    file: o.file!,
    ...test,
    ...(o.label !== undefined ? { label: o.label } : {}),
    ...(o.missing !== undefined ? { missing: o.missing.split(',').map((v) => v.trim()) } : {}),
    ...encoding,
  });
}

/** Audits a loaded corpus: the tabular probes, or the items' battery (see `sourceBattery`). */
function auditSource(
  source: AuditSource,
  o: AuditCommandOptions,
  auditOptions: AuditOptions,
  wanted: string[] | undefined,
  fn: string,
): AuditReport {
  if (source.kind === 'tabular') {
    if (wanted)
      for (const w of wanted)
        if (![...TABULAR_PROBE_NAMES, 'id-content'].includes(w))
          throw new XaiError('BAD_OPTION', `unknown tabular probe "${w}" (known: ${[...TABULAR_PROBE_NAMES, 'id-content'].join(', ')})`, {
            fn,
            arg: 'probes',
            value: w,
          });
    return runAuditSource(
      source,
      { ...auditOptions, ...(wanted ? { tabularProbes: wanted as (TabularProbeName | 'id-content')[] } : {}) },
      o.adapter,
    );
  }
  const battery = sourceBattery(source, { text: list(o.text) ?? [], features: o.features ?? 'words' });
  const probes = wanted ? pickProbes(wanted, fn, battery) : battery;
  return runAuditSource(source, { ...auditOptions, probes }, o.adapter);
}

function pickProbes<P extends { readonly name: string }>(names: readonly string[], fn: string, battery: readonly P[]): P[] {
  return names.map((n) => {
    const p = battery.find((q) => q.name === n);
    if (!p)
      throw new XaiError('BAD_OPTION', `unknown probe "${n}" (known: ${battery.map((q) => q.name).join(', ')})`, {
        fn,
        arg: 'probes',
        value: n,
      });
    return p;
  });
}

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function heading(source: AuditSource, report: AuditReport): string {
  const corpus = source.kind === 'items' && source.corpus ? `, corpus sha256:${source.corpus.id.slice(0, 16)}…` : '';
  const inputs = source.inputs.map((i) => `${i.name} sha256:${i.sha256.slice(0, 12)}…`).join(', ');
  const skippedRows = source.kind === 'items' ? (source.layout?.skipped ?? source.classification?.skipped ?? 0) : 0;
  const skipped = skippedRows > 0 ? `; ${skippedRows} rows skipped (label missing or "-")` : '';
  return `== ${source.name}: ${report.items} ${report.kind === 'tabular' ? 'rows' : 'items'}${corpus}${inputs ? ` (${inputs})` : ''}${skipped} ==`;
}
