import { quantileSorted } from 'simple-statistics';
import { XaiError, describeValue, checkOptions } from '@xai/core';
import type { DemoCorpusOptions } from './demo/generateDemoCorpus.js';
import { DEMO_GENERATOR, generateDemoCorpus } from './demo/generateDemoCorpus.js';
import type { RunAuditOptions } from './runAudit.js';
import { runAudit } from './runAudit.js';
import type { ResolvedAuditOptions } from './auditOptions.js';
import { AUDIT_LIMITS, resolveAuditOptions } from './auditOptions.js';
import { AUDIT_VERSION } from './version.js';
import { receiptParams } from './internal/receiptParams.js';

/** A distribution over rebuilds, never collapsed to one number. */
export interface RangeSummary {
  readonly min: number;
  readonly q05: number;
  readonly q25: number;
  readonly q50: number;
  readonly q75: number;
  readonly q95: number;
  readonly max: number;
}

export interface EnvelopeProbe {
  readonly name: string;
  /** In how many rebuilds the probe fired. */
  readonly fired: number;
  /** Covered items (counts) and accuracy over rebuilds. */
  readonly covered: RangeSummary;
  readonly accuracy: RangeSummary;
  readonly nullMean: RangeSummary;
  readonly nullUpper: RangeSummary;
  /** How often each sign was taken. */
  readonly signs: Readonly<Record<string, number>>;
}

export interface AuditEnvelope {
  readonly rebuilds: number;
  /** In how many rebuilds at least one probe fired (the family-wise count). */
  readonly anyFired: number;
  readonly itemsPerCorpus: number;
  readonly probes: readonly EnvelopeProbe[];
  /** Content address of every rebuilt corpus, in rebuild order. */
  readonly corpusIds: readonly string[];
  readonly receipt: {
    readonly tool: '@xai/audit';
    readonly version: string;
    readonly generator: string;
    readonly params: unknown;
    readonly corpusSeeds: readonly [number, number];
    readonly command?: string;
  } & ResolvedAuditOptions;
}

export interface AuditEnvelopeOptions {
  /** Number of rebuilds R. */
  readonly rebuilds: number;
  /** The corpus recipe (its seed is replaced per rebuild). */
  readonly corpus?: Omit<DemoCorpusOptions, 'seed'>;
  /** Rebuild r uses corpus seed `corpusSeed + r`, so R = 5 is a prefix of R = 20. @defaultValue 0 */
  readonly corpusSeed?: number;
  /** Options of each audit (probes, permutations, seed, ...). */
  readonly audit?: RunAuditOptions;
  readonly command?: string;
}

/**
 * Rebuilds a generated corpus R times with different seeds and audits each: per probe it
 * returns the min–max and quantiles of coverage and accuracy (and of the null), and how
 * often it fired; `anyFired` counts the rebuilds where any probe fired. One corpus is one draw; this is the envelope, never a point estimate.
 * Rebuild seeds are consecutive from `corpusSeed`, so envelopes nest as R grows.
 * @since 0.1.0
 */
export function auditEnvelope(options: AuditEnvelopeOptions): AuditEnvelope {
  checkOptions(options, ['rebuilds', 'corpus', 'corpusSeed', 'audit', 'command'], 'auditEnvelope');
  const fn = 'auditEnvelope';
  const R = options.rebuilds;
  if (!Number.isInteger(R) || R < 1 || R > AUDIT_LIMITS.rebuilds)
    throw new XaiError('BAD_OPTION', `rebuilds must be an integer in [1, ${AUDIT_LIMITS.rebuilds}], got ${describeValue(R)}`, {
      fn,
      arg: 'rebuilds',
      value: R,
    });
  const base = options.corpusSeed ?? 0;
  if (!Number.isSafeInteger(base))
    throw new XaiError('BAD_OPTION', `corpusSeed must be a safe integer, got ${describeValue(base)}`, {
      fn,
      arg: 'corpusSeed',
      value: base,
    });
  const auditOpts = resolveAuditOptions(options.audit ?? {}, fn);
  const per = new Map<
    string,
    { fired: number; covered: number[]; accuracy: number[]; nullMean: number[]; nullUpper: number[]; signs: Record<string, number> }
  >();
  const ids: string[] = [];
  let itemsPerCorpus = 0;
  let params: unknown;
  let anyFired = 0;
  for (let r = 0; r < R; r++) {
    const corpus = generateDemoCorpus({ ...options.corpus, seed: base + r });
    ids.push(corpus.id);
    params = corpus.manifest.params;
    itemsPerCorpus = corpus.items.length;
    const report = runAudit(corpus.items, options.audit ?? {});
    if (report.probes.some((p) => p.fires)) anyFired++;
    for (const p of report.probes) {
      let e = per.get(p.name);
      if (!e) {
        e = { fired: 0, covered: [], accuracy: [], nullMean: [], nullUpper: [], signs: {} };
        per.set(p.name, e);
      }
      if (p.fires) e.fired++;
      e.covered.push(p.covered);
      e.accuracy.push(p.accuracy);
      e.nullMean.push(p.nullMean);
      e.nullUpper.push(p.nullUpper);
      e.signs[p.sign] = (e.signs[p.sign] ?? 0) + 1;
    }
  }
  const probes: EnvelopeProbe[] = [...per.entries()].map(([name, e]) => ({
    name,
    fired: e.fired,
    covered: rangeSummary(e.covered),
    accuracy: rangeSummary(e.accuracy),
    nullMean: rangeSummary(e.nullMean),
    nullUpper: rangeSummary(e.nullUpper),
    signs: e.signs,
  }));
  return {
    rebuilds: R,
    anyFired,
    itemsPerCorpus,
    probes,
    corpusIds: ids,
    receipt: {
      tool: '@xai/audit',
      version: AUDIT_VERSION,
      generator: DEMO_GENERATOR,
      params,
      corpusSeeds: [base, base + R - 1],
      ...receiptParams(auditOpts),
      ...(options.command !== undefined ? { command: options.command } : {}),
    },
  };
}

/** Min, max and the 5/25/50/75/95 % quantiles of the defined values; NaN if none. */
export function rangeSummary(values: readonly number[]): RangeSummary {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0)
    return { min: Number.NaN, q05: Number.NaN, q25: Number.NaN, q50: Number.NaN, q75: Number.NaN, q95: Number.NaN, max: Number.NaN };
  return {
    min: v[0]!,
    q05: quantileSorted(v, 0.05),
    q25: quantileSorted(v, 0.25),
    q50: quantileSorted(v, 0.5),
    q75: quantileSorted(v, 0.75),
    q95: quantileSorted(v, 0.95),
    max: v[v.length - 1]!,
  };
}
