import type { AuditEnvelope, RangeSummary } from './auditEnvelope.js';
import type { TableFormat } from './formatAuditTable.js';
import { formatPercent } from './formatPercent.js';

const count = (v: number): string => (Number.isFinite(v) ? String(Math.round(v)) : '–');
const range = (r: RangeSummary, f: (v: number) => string): string => `${f(r.min)}–${f(r.max)}`;
const iqr = (r: RangeSummary, f: (v: number) => string): string => `${f(r.q25)}–${f(r.q75)}`;

/**
 * The envelope as a table of ranges: per probe, how often it fired, covered items min–max
 * (and q25–q75), accuracy min–max (and q25–q75), and the highest null upper quantile. It
 * prints ranges only: a single rebuild is one draw, not the corpus family's value.
 * @since 0.1.0
 */
export function formatEnvelope(env: AuditEnvelope, format: TableFormat = 'terminal'): string {
  const headers = [
    'probe',
    'fired',
    'covered (min–max)',
    'covered q25–q75',
    'accuracy (min–max)',
    'accuracy q25–q75',
    'null upper (max)',
    'signs',
  ];
  const rows = env.probes.map((p) => [
    p.name,
    `${p.fired}/${env.rebuilds}`,
    `${range(p.covered, count)} of ${env.itemsPerCorpus}`,
    iqr(p.covered, count),
    range(p.accuracy, (v) => formatPercent(v)),
    iqr(p.accuracy, (v) => formatPercent(v)),
    `≤ ${formatPercent(p.nullUpper.max)}`,
    Object.entries(p.signs)
      .sort((a, b) => b[1] - a[1])
      .map(([s, c]) => `${s} ×${c}`)
      .join(', '),
  ]);
  const fired = env.probes.filter((p) => p.fired > 0);
  const summary =
    fired.length === 0
      ? `Over ${env.rebuilds} rebuilds no probe fired; null upper ≤ ${formatPercent(Math.max(...env.probes.map((p) => p.nullUpper.max).filter(Number.isFinite)))}.`
      : `Over ${env.rebuilds} rebuilds: ${fired.map((p) => `${p.name} fired in ${p.fired}/${env.rebuilds}, on ${range(p.covered, count)} of ${env.itemsPerCorpus} items, correct on ${range(p.accuracy, (v) => formatPercent(v))} of them, vs null ≤ ${formatPercent(p.nullUpper.max)}`).join('; ')}.`;
  const family = `${env.anyFired} of ${env.rebuilds} rebuilds had at least one probe firing.`;
  const foot = `corpus seeds ${env.receipt.corpusSeeds[0]}–${env.receipt.corpusSeeds[1]} (${env.receipt.generator}); each audit R = ${env.receipt.permutations}, seed ${env.receipt.seed}. Ranges, not point estimates.`;
  if (format === 'markdown') {
    const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((c) => `| ${c.join(' | ')} |`)];
    return `${lines.join('\n')}\n\n${summary} ${family}\n\n_${foot}_\n`;
  }
  const widths = headers.map((h, j) => Math.max(h.length, ...rows.map((c) => c[j]!.length)));
  const line = (c: readonly string[]): string =>
    c
      .map((v, j) => v.padEnd(widths[j]!))
      .join('  ')
      .trimEnd();
  return `${[line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), '', `${summary} ${family}`, foot].join('\n')}\n`;
}
