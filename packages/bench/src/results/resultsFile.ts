import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '@xai/core/node';
import { compareRows, rowKey } from './canonicalOrder.js';
import { withIo } from '../system/ioError.js';
import { decodeResultLine, encodeResultLine, resultLineProblem } from './resultLine.js';
import type { ResultRow } from './resultRow.js';

/** What survives of a results file: the rows of complete units only. */
export interface LoadedResults {
  /** Rows of complete units, canonical order, one per row key. */
  readonly rows: ResultRow[];
  /** Ids of units whose every row is present and intact. */
  readonly completeUnits: Set<string>;
  /** Lines that failed their checksum (a torn last write) or belong to incomplete units. */
  readonly discardedLines: number;
  /** Every line that did not decode (1-based line number and why), in file order. */
  readonly damaged: readonly DamagedLine[];
  /** Units with some but not all of their rows (after a kill), with rows found / announced. */
  readonly incompleteUnits: readonly { readonly unit: string; readonly found: number; readonly lines: number }[];
  /** Lines that repeat an earlier line's row (1-based: the repeat, and the line it repeats). */
  readonly duplicateLines: readonly { readonly line: number; readonly of: number }[];
}

/** A results line that failed: `torn` (cut short), `checksum` (altered) or `shape` (not a row). */
export interface DamagedLine {
  readonly line: number;
  readonly reason: 'torn' | 'checksum' | 'shape';
}

/**
 * Reads a `results.jsonl`, trusting nothing half-written: lines failing their CRC are dropped,
 * and a unit counts only when all of the rows it announced (`lines`) are there. A missing file
 * reads as empty.
 * @since 0.1.0
 */
export function loadResults(path: string): LoadedResults {
  if (!existsSync(path))
    return { rows: [], completeUnits: new Set(), discardedLines: 0, damaged: [], incompleteUnits: [], duplicateLines: [] };
  const text = withIo('read', path, 'loadResults', () => readFileSync(path, 'utf8'));
  const byUnit = new Map<string, Map<string, ResultRow>>();
  const firstLine = new Map<string, number>();
  const duplicates: { line: number; of: number }[] = [];
  const damaged: DamagedLine[] = [];
  let discarded = 0;
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    if (line === '') continue;
    const row = decodeResultLine(line);
    if (row === null) {
      discarded++;
      damaged.push({ line: k + 1, reason: resultLineProblem(line) ?? 'shape' });
      continue;
    }
    let rows = byUnit.get(row.unit);
    if (rows === undefined) {
      rows = new Map();
      byUnit.set(row.unit, rows);
    }
    // A unit recomputed after a torn write repeats rows it had already written: keep one.
    const key = rowKey(row);
    if (!rows.has(key)) {
      rows.set(key, row);
      firstLine.set(key, k + 1);
    } else {
      discarded++;
      duplicates.push({ line: k + 1, of: firstLine.get(key)! });
    }
  }
  const out: ResultRow[] = [];
  const complete = new Set<string>();
  const incomplete: { unit: string; found: number; lines: number }[] = [];
  for (const [unit, rows] of byUnit) {
    const first = rows.values().next().value as ResultRow;
    if (rows.size === first.lines && [...rows.values()].every((r) => r.lines === first.lines)) {
      complete.add(unit);
      out.push(...rows.values());
    } else {
      discarded += rows.size;
      incomplete.push({ unit, found: rows.size, lines: first.lines });
    }
  }
  return {
    rows: out.sort(compareRows),
    completeUnits: complete,
    discardedLines: discarded,
    damaged,
    incompleteUnits: incomplete,
    duplicateLines: duplicates,
  };
}

/**
 * Appends one finished unit's rows in a single write, so a kill leaves at most one torn line
 * (caught by its CRC) and never a unit that looks complete but is not.
 * @since 0.1.0
 */
export function appendUnitRows(path: string, rows: readonly ResultRow[]): void {
  if (rows.length === 0) return;
  withIo('append to', path, 'appendUnitRows', () => appendFileSync(path, `${rows.map(encodeResultLine).join('\n')}\n`));
}

/**
 * Writes rows in canonical order, atomically (temp file + rename): a kill leaves either the old
 * file or the new one. Equal row sets give byte-identical files.
 * @since 0.1.0
 */
export function writeCanonicalResults(path: string, rows: readonly ResultRow[]): void {
  const sorted = [...rows].sort(compareRows);
  writeFileAtomicSync(path, sorted.length === 0 ? '' : `${sorted.map(encodeResultLine).join('\n')}\n`, 'writeCanonicalResults');
}
