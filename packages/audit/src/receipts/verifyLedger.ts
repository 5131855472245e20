import { XaiError, checkOptions } from '@xai/core';
import type { Ledger } from './ledger.js';
import { LEDGER_FORMAT } from './ledger.js';
import { rerunEntry } from '../internal/rerunEntry.js';

export interface LedgerCheck {
  readonly id: string;
  readonly ok: boolean;
  /** Human-readable differences: changed inputs, missing inputs, changed numbers (path: expected vs got). */
  readonly differences: readonly string[];
}

export interface VerifyLedgerOptions {
  /** Directory that relative paths in argv start from. */
  readonly baseDir: string;
  /** Relative tolerance for numbers (floating-point reordering only). @defaultValue 1e-12 */
  readonly tolerance?: number;
  /** Only these entry ids. */
  readonly only?: readonly string[];
}

/**
 * Re-runs every ledger entry from its recorded command and inputs and compares the output
 * with what was recorded: any changed input hash, missing input or differing number is a
 * failure (the "205 does not reproduce" lesson: a number without a working receipt is not
 * reported).
 * @since 0.1.0
 */
export async function verifyLedger(ledger: Ledger, options: VerifyLedgerOptions): Promise<{ ok: boolean; checks: LedgerCheck[] }> {
  if (ledger === null || typeof ledger !== 'object' || ledger.format !== LEDGER_FORMAT || !Array.isArray(ledger.entries)) {
    throw new XaiError('PARSE_ERROR', `not a ${LEDGER_FORMAT} ledger`, {
      fn: 'verifyLedger',
      arg: 'ledger',
      value: (ledger as { format?: unknown } | null)?.format,
    });
  }
  checkOptions(options, ['baseDir', 'tolerance', 'only'], 'verifyLedger');
  const tol = options.tolerance ?? 1e-12;
  const checks: LedgerCheck[] = [];
  for (const entry of ledger.entries) {
    if (options.only && !options.only.includes(entry.id)) continue;
    const differences: string[] = [];
    const { output, inputs, missing } = await rerunEntry(entry.argv, options.baseDir);
    for (const m of missing) differences.push(`input missing: ${m}`);
    for (const [path, hash] of Object.entries(entry.inputs as Record<string, string>)) {
      if (inputs[path] !== undefined && inputs[path] !== hash)
        differences.push(`input changed: ${path} sha256 ${hash.slice(0, 12)}… -> ${inputs[path]!.slice(0, 12)}…`);
    }
    if (missing.length === 0) diff(entry.expected, output, '', tol, differences);
    checks.push({ id: entry.id, ok: differences.length === 0, differences });
  }
  return { ok: checks.every((c) => c.ok), checks };
}

/** Appends "path: expected X, got Y" for every difference (numbers within tolerance agree). */
export function diff(expected: unknown, actual: unknown, path: string, tol: number, out: string[]): void {
  if (out.length >= 20) return;
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (expected === actual || Math.abs(expected - actual) <= tol * Math.max(1, Math.abs(expected))) return;
    out.push(`${path || '(root)'}: expected ${expected}, got ${actual}`);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) out.push(`${path}: expected ${expected.length} entries, got ${actual.length}`);
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) diff(expected[i], actual[i], `${path}[${i}]`, tol, out);
    return;
  }
  if (
    expected !== null &&
    actual !== null &&
    typeof expected === 'object' &&
    typeof actual === 'object' &&
    !Array.isArray(expected) &&
    !Array.isArray(actual)
  ) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys)
      diff((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], path ? `${path}.${k}` : k, tol, out);
    return;
  }
  if (expected !== actual) out.push(`${path || '(root)'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
