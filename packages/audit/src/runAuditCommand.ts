import type { AuditOptions } from './auditOptions.js';
import { XaiError, checkOptions } from '@xai/core';
import type { AuditEnvelope } from './auditEnvelope.js';
import { auditEnvelope } from './auditEnvelope.js';
import type { AuditJson, AuditReport } from './auditReport.js';
import { toAuditJson } from './auditReport.js';
import type { CueName, CueSpec, DemoCorpusOptions } from './demo/generateDemoCorpus.js';
import { CUE_NAMES } from './demo/generateDemoCorpus.js';
import { csvAdapter } from './adapters/csvAdapter.js';
import { demoAdapter } from './adapters/demoAdapter.js';
import { classificationAdapter } from './adapters/classificationAdapter.js';
import { jsonlAdapter } from './adapters/jsonlAdapter.js';
import type { FittedProbe } from './fittedProbe.js';
import { bagOfWordsProbe } from './learned/bagOfWordsProbe.js';
import { classificationProbes } from './learned/classificationProbes.js';
import type { TextFeatureKind } from './learned/textFeatures.js';
import type { Probe } from './probe.js';
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
  /** The command line, recorded in receipts. */
  readonly command?: string;
}

const AUDIT_COMMAND_KEYS = [
  'adapter',
  'markdown',
  'json',
  'seed',
  'permutations',
  'quantile',
  'margin',
  'minCovered',
  'familyWise',
  'probes',
  'failOnFire',
  'cue',
  'strength',
  'sign',
  'index',
  'items',
  'candidates',
  'corpusSeed',
  'rebuilds',
  'blind',
  'labels',
  'file',
  'test',
  'label',
  'missing',
  'text',
  'id',
  'encoding',
  'features',
  'command',
] as const;

export interface AuditCommandResult {
  /** Human-readable output (terminal or Markdown tables). */
  readonly text: string;
  /** Machine-readable output (`--json`). */
  readonly json: unknown;
  /** 0, or 1 with `failOnFire` when a probe fired. */
  readonly exitCode: number;
}

/**
 * The `xai audit` command as a function (the CLI in @xai/bench prints `text`, or `json`
 * with `--json`). Accepts parsed options or the raw argument list.
 * - `demo`: audits a clean corpus and a cued one (default cue: position, strength 1);
 *   with `rebuilds`, prints the envelope over rebuilds instead.
 * - `jsonl`: `blind` + `labels` files.
 * - `csv`: `file` (+ `test`, `label`): the tabular probes.
 * @example
 *   const { text } = await runAuditCommand(['--adapter', 'demo']);
 * @since 0.1.0
 */
export async function runAuditCommand(input: AuditCommandOptions | readonly string[]): Promise<AuditCommandResult> {
  const fn = 'runAuditCommand';
  // 1. Flags or options, checked.
  if (!Array.isArray(input)) checkOptions(input as AuditCommandOptions, AUDIT_COMMAND_KEYS, fn);
  const o = Array.isArray(input) ? parseAuditArgs(input) : (input as AuditCommandOptions);
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
  const textParts = list(o.text);
  if (o.features !== undefined && textParts === undefined)
    throw new XaiError('BAD_OPTION', '--features applies to the bag-of-words probes: give --text too', {
      fn,
      arg: 'features',
      value: o.features,
    });
  if (o.sign !== undefined && (o.adapter !== 'demo' || o.cue !== 'length' || (o.sign !== 'longest' && o.sign !== 'shortest')))
    throw new XaiError('BAD_OPTION', `--sign ${String(o.sign)}: only 'longest' or 'shortest', and only with --adapter demo --cue length`, {
      fn,
      arg: 'sign',
      value: o.sign,
    });
  // 2. The demo corpora, or a corpus read from files and audited with its battery.
  if (o.adapter === 'demo') return demoCommand(o, auditOptions, wanted, format, fn);
  const source = await loadSource(o, textParts, fn);
  const report = auditSource(source, o, auditOptions, wanted, textParts, fn);
  return {
    text: `${heading(source, report)}\n${formatAuditTable(report, format)}`,
    json: {
      ...toAuditJson(report),
      ...(source.kind === 'items' && source.classification ? { skipped: source.classification.skipped } : {}),
    },
    exitCode: o.failOnFire && report.probes.some((p) => p.fires) ? 1 : 0,
  };
}

/** The demo: a clean corpus and (unless `--cue none`) a cued one, audited once or as an envelope over rebuilds. */
function demoCommand(
  o: AuditCommandOptions,
  auditOptions: AuditOptions,
  wanted: string[] | undefined,
  format: 'markdown' | 'terminal',
  fn: string,
): AuditCommandResult {
  const cue = o.cue ?? 'position';
  if (cue !== 'none' && !(CUE_NAMES as readonly string[]).includes(cue))
    throw new XaiError('BAD_OPTION', `unknown cue "${cue}" (known: none, ${CUE_NAMES.join(', ')})`, { fn, arg: 'cue', value: cue });
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
    const text = envs
      .map((e) => `== demo ${e.label}: envelope over ${e.rebuilds} rebuilds of ${e.itemsPerCorpus} items ==\n${formatEnvelope(e, format)}`)
      .join('\n');
    const fired = envs.some((e) => e.probes.some((p) => p.fired > 0));
    return { text, json: { envelopes: envs }, exitCode: o.failOnFire && fired ? 1 : 0 };
  }
  const reports: { label: string; report: AuditReport; source: AuditSource }[] = [];
  for (const { label, corpus } of corpora) {
    const source = demoAdapter.load({ ...corpus, seed: o.corpusSeed ?? 0 }) as AuditSource;
    reports.push({ label, source, report: runAuditSource(source, opts, 'demo') });
  }
  const text = reports.map(({ source, report }) => `${heading(source, report)}\n${formatAuditTable(report, format)}`).join('\n');
  const [first, ...rest] = reports;
  const json: AuditJson & { cued?: AuditJson } = {
    ...toAuditJson(first!.report),
    ...(rest.length > 0 ? { cued: toAuditJson(rest[0]!.report) } : {}),
  };
  return { text, json, exitCode: o.failOnFire && reports.some((r) => r.report.probes.some((p) => p.fires)) ? 1 : 0 };
}

/** Reads the corpus the adapter names: classification (with --text), JSONL multiple choice, or CSV table. */
async function loadSource(o: AuditCommandOptions, textParts: string[] | undefined, fn: string): Promise<AuditSource> {
  const encoding = o.encoding !== undefined ? { encoding: o.encoding } : {};
  if (textParts && o.file !== undefined && (o.adapter === 'jsonl' || o.adapter === 'csv')) {
    return await classificationAdapter.load({
      file: o.file,
      ...(o.test !== undefined ? { test: o.test } : {}),
      text: textParts,
      label: o.label ?? missingFlag('label', 'a classification corpus needs --label <field>', fn),
      ...(o.id !== undefined ? { id: o.id } : {}),
      format: o.adapter,
      ...encoding,
    });
  } else if (o.adapter === 'jsonl') {
    if (o.blind === undefined || o.labels === undefined)
      throw new XaiError('BAD_OPTION', 'the jsonl adapter needs --blind <file> and --labels <file>', {
        fn,
        arg: o.blind === undefined ? 'blind' : 'labels',
        value: undefined,
      });
    return await jsonlAdapter.load({ blind: o.blind, labels: o.labels, ...encoding });
  } else if (o.adapter === 'csv') {
    if (o.file === undefined)
      throw new XaiError('BAD_OPTION', 'the csv adapter needs --file <train.csv> (and optionally --test, --label)', {
        fn,
        arg: 'file',
        value: undefined,
      });
    return await csvAdapter.load({
      file: o.file,
      ...(o.test !== undefined ? { test: o.test } : {}),
      ...(o.label !== undefined ? { label: o.label } : {}),
      ...(o.missing !== undefined ? { missing: o.missing.split(',').map((v) => v.trim()) } : {}),
      ...encoding,
    });
  } else {
    throw new XaiError('BAD_OPTION', `unknown adapter "${String(o.adapter)}" (demo, jsonl, csv)`, { fn, arg: 'adapter', value: o.adapter });
  }
}

/** Audits a loaded corpus: the tabular probes, the classification battery, or the eight plus bag-of-words on --text parts. */
function auditSource(
  source: AuditSource,
  o: AuditCommandOptions,
  auditOptions: AuditOptions,
  wanted: string[] | undefined,
  textParts: string[] | undefined,
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
  } else {
    // Classification: its own battery; multiple choice: the eight plus bag-of-words on --text parts.
    const info = source.classification;
    const features = o.features ?? 'words';
    const battery: readonly (Probe | FittedProbe)[] = info
      ? classificationProbes(info, features)
      : [...defaultProbes, ...(textParts ?? []).map((part) => bagOfWordsProbe({ part, features }))];
    const probes = wanted ? pickProbes(wanted, fn, battery) : info || textParts ? battery : undefined;
    return runAuditSource(source, { ...auditOptions, ...(probes ? { probes } : {}) }, o.adapter);
  }
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

function missingFlag(arg: string, message: string, fn: string): never {
  throw new XaiError('BAD_OPTION', message, { fn, arg, value: undefined });
}

function heading(source: AuditSource, report: AuditReport): string {
  const corpus = source.kind === 'items' && source.corpus ? `, corpus sha256:${source.corpus.id.slice(0, 16)}…` : '';
  const inputs = source.inputs.map((i) => `${i.name} sha256:${i.sha256.slice(0, 12)}…`).join(', ');
  const skipped =
    source.kind === 'items' && source.classification && source.classification.skipped > 0
      ? `; ${source.classification.skipped} rows skipped (label missing or "-")`
      : '';
  return `== ${source.name}: ${report.items} ${report.kind === 'tabular' ? 'rows' : 'items'}${corpus}${inputs ? ` (${inputs})` : ''}${skipped} ==`;
}
