import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { compareRows, rowKey } from './canonicalOrder';
import { decodeResultLine, encodeResultLine } from './resultLine';
import type { ResultRow } from './resultRow';

/** What survives of a results file: the rows of complete units only. */
export interface LoadedResults {
  /** Rows of complete units, canonical order, one per row key. */
  readonly rows: ResultRow[];
  /** Ids of units whose every row is present and intact. */
  readonly completeUnits: Set<string>;
  /** Lines that failed their checksum (a torn last write) or belong to incomplete units. */
  readonly discardedLines: number;
}

/**
 * Reads a `results.jsonl`, trusting nothing half-written: lines failing their CRC are dropped,
 * and a unit counts only when all of the rows it announced (`lines`) are there. A missing file
 * reads as empty.
 * @since 0.1.0
 */
export function loadResults(path: string): LoadedResults {
  if (!existsSync(path)) return { rows: [], completeUnits: new Set(), discardedLines: 0 };
  const text = readFileSync(path, 'utf8');
  const byUnit = new Map<string, Map<string, ResultRow>>();
  let discarded = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const row = decodeResultLine(line);
    if (row === null) { discarded++; continue; }
    let rows = byUnit.get(row.unit);
    if (rows === undefined) byUnit.set(row.unit, (rows = new Map()));
    // A unit recomputed after a torn write repeats rows it had already written: keep one.
    if (!rows.has(rowKey(row))) rows.set(rowKey(row), row);
    else discarded++;
  }
  const out: ResultRow[] = [];
  const complete = new Set<string>();
  for (const [unit, rows] of byUnit) {
    const first = rows.values().next().value as ResultRow;
    if (rows.size === first.lines && [...rows.values()].every((r) => r.lines === first.lines)) {
      complete.add(unit);
      out.push(...rows.values());
    } else {
      discarded += rows.size;
    }
  }
  return { rows: out.sort(compareRows), completeUnits: complete, discardedLines: discarded };
}

/**
 * Appends one finished unit's rows in a single write, so a kill leaves at most one torn line
 * (caught by its CRC) and never a unit that looks complete but is not.
 * @since 0.1.0
 */
export function appendUnitRows(path: string, rows: readonly ResultRow[]): void {
  if (rows.length === 0) return;
  appendFileSync(path, `${rows.map(encodeResultLine).join('\n')}\n`);
}

/**
 * Writes rows in canonical order, atomically (temp file + rename): a kill leaves either the old
 * file or the new one. Equal row sets give byte-identical files.
 * @since 0.1.0
 */
export function writeCanonicalResults(path: string, rows: readonly ResultRow[]): void {
  const sorted = [...rows].sort(compareRows);
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, sorted.length === 0 ? '' : `${sorted.map(encodeResultLine).join('\n')}\n`);
  renameSync(tmp, path);
}
