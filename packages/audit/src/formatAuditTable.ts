import type { AuditReport, ProbeResult } from './auditReport.js';
import { formatLift, formatPercent } from './formatPercent.js';

/** Output flavour of the report table. */
export type TableFormat = 'terminal' | 'markdown';

const HEADERS = [
  'probe',
  'fires',
  'sign',
  'coverage',
  'accuracy',
  'null mean',
  'null upper',
  'bound',
  'lift',
  'detectable',
  'marginal null',
] as const;

function cells(p: ProbeResult): string[] {
  const lift = formatLift(p.lift);
  const detectable = p.power ? formatLift(p.power.minimumDetectableLift) : '–';
  const marginal =
    p.marginalNullMean === undefined
      ? ''
      : Number.isFinite(p.marginalNullMean)
        ? `${formatPercent(p.marginalNullMean)} (≤ ${formatPercent(p.marginalNullUpper ?? Number.NaN)})`
        : '–';
  return [
    p.name,
    p.fires ? 'FIRES' : p.belowChance !== undefined ? 'below' : 'no',
    p.sign,
    `${p.covered}/${p.items} ${formatPercent(p.coverage)}`,
    formatPercent(p.accuracy),
    formatPercent(p.nullMean),
    formatPercent(p.nullUpper),
    formatPercent(p.threshold),
    lift,
    detectable,
    marginal,
  ];
}

/**
 * The report as a table, one row per probe (fires?, sign, coverage, accuracy, null mean,
 * null upper quantile, the bound accuracy must beat (family-wise by default), lift, and the across-items "marginal" null for multiple choice),
 * followed by the summary line that states the shortcut floor beside the null.
 * @since 0.1.0
 */
export function formatAuditTable(report: AuditReport, format: TableFormat = 'terminal'): string {
  const rows = report.probes.map(cells);
  const headers: string[] = [...HEADERS];
  if (report.kind === 'tabular') {
    // No second (marginal) null for tables.
    headers.pop();
    for (const r of rows) r.pop();
  }
  const r = report.receipt;
  const nullName =
    r.nullKind === 'within-item'
      ? 'within-item (answer re-placed among its own candidates)'
      : r.nullKind === 'across-items'
        ? 'across items (answer positions permuted)'
        : 'labels permuted across rows';
  const q = `q${Math.round(r.quantile * 100)}`;
  const bound =
    r.familyWise === 'max-t'
      ? `fires when accuracy > null mean + c·sd + ${(r.margin * 100).toFixed(1)} pt (c = ${Number.isFinite(report.familyCritical) ? report.familyCritical.toFixed(2) : '–'}, the ${q} of the max over probes: family-wise) with ≥ ${r.minCovered} covered items.`
      : `fires when accuracy > upper + ${(r.margin * 100).toFixed(1)} pt with ≥ ${r.minCovered} covered items (per probe, no family-wise correction).`;
  const findings = findingLines(report);
  const foot = `null: ${nullName}, R = ${r.permutations}, seed ${r.seed}; upper = ${q}; ${bound} detectable = the lift a probe detects with 80 % probability at this size (bound + margin − null mean + 0.84 sd).`;
  if (format === 'markdown') {
    const esc = (s: string): string => s.replace(/\|/g, '\\|');
    const lines = [
      `| ${headers.join(' | ')} |`,
      `|${headers.map((_, j) => (j >= 3 ? '---:' : '---')).join('|')}|`,
      ...rows.map((c) => `| ${c.map(esc).join(' | ')} |`),
    ];
    return `${lines.join('\n')}\n\n${report.summary}\n${findings.length > 0 ? `\n${findings.map((f) => `- ${f}`).join('\n')}\n` : ''}\n_${foot}_\n`;
  }
  const widths = headers.map((h, j) => Math.max(h.length, ...rows.map((c) => c[j]!.length)));
  const line = (c: readonly string[]): string =>
    c
      .map((v, j) => (j >= 3 ? v.padStart(widths[j]!) : v.padEnd(widths[j]!)))
      .join('  ')
      .trimEnd();
  return `${[
    line(headers),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    report.summary,
    ...findings.map((f) => `→ ${f}`),
    foot,
  ].join('\n')}\n`;
}

const BELOW: Record<string, string> = {
  'twins or adversarial filtering':
    'items that share their text but not their answer, or items kept because a baseline failed on them; a quiet floor here rules nothing out',
  'a reversed cue or adversarial filtering': 'the rule points away from the answer more often than chance; the reverse rule is a cue',
};

/**
 * One line per firing probe: the rule that fired, the columns or fields, the leak rule's two
 * numbers, and the fix; plus a line for a leak-rule probe that beat its null but not the
 * other columns (signal, not a leak).
 */
function findingLines(report: AuditReport): string[] {
  const out: string[] = [];
  const r = report.receipt;
  for (const p of report.probes) {
    const where =
      p.fields && p.fields.length > 0
        ? ` on ${p.fields
            .slice(0, 4)
            .map((f) => (f.includes(' ') ? f : `\`${f}\``))
            .join(', ')}${p.fields.length > 4 ? ', …' : ''}`
        : '';
    const v = p.versus;
    const vs = v
      ? `alone ${formatPercent(v.alone)} vs others ${formatPercent(v.others)} on ${v.rows} held-out rows (z = ${Number.isFinite(v.z) ? v.z.toFixed(1) : '–'})`
      : '';
    if (p.fires) {
      out.push(
        `${p.name} fires (${p.rule ?? 'permuted-null'})${where}${vs ? `: ${vs}` : ''}${evidenceText(p)}. Fix: ${p.fix ?? 'remove the cue the rule exploits'}`,
      );
    } else if (p.belowChance !== undefined) {
      out.push(
        `${p.name} is below chance${where}: ${formatPercent(p.accuracy)} vs null ${formatPercent(p.nullMean)} (lower bound ${formatPercent(2 * p.nullMean - p.threshold - r.margin)}) — ${p.belowChance}: ${BELOW[p.belowChance] ?? 'read it as a finding, not as a clean result'}`,
      );
    } else if (v && p.covered >= r.minCovered && p.accuracy - p.threshold > r.margin) {
      out.push(`${p.name} beats its null but not the other columns${where}: ${vs} — signal, not a leak`);
    }
  }
  return out;
}

/** "; most predictive: `not` → contradiction (412 of 450), …": three features per class at most. */
function evidenceText(p: ProbeResult): string {
  if (!p.evidence || p.evidence.length === 0) return '';
  const perClass = new Map<string, string[]>();
  for (const e of p.evidence) {
    const list = perClass.get(e.label) ?? [];
    if (list.length < 3) list.push(`\`${e.feature}\` ${e.count}/${e.total}`);
    perClass.set(e.label, list);
  }
  return `; most predictive: ${[...perClass].map(([label, list]) => `${label} ← ${list.join(', ')}`).join('; ')}`;
}
