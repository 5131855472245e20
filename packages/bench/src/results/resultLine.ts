import { XaiError } from '@xai/core';
import { crc32Hex } from './crc32.js';
import type { ResultRow } from './resultRow.js';

const CRC_TAIL = /,"crc":"([0-9a-f]{8})"\}$/;

/**
 * One self-checking JSON line (no newline): the row's JSON with `"crc"` (CRC-32 of the JSON
 * written without it) as its last key, so a half-written or altered line is detected.
 * @example encodeResultLine(row) // '{"unit":"synthetic/lr/grad/0",...,"crc":"1a2b3c4d"}'
 * @since 0.1.0
 */
export function encodeResultLine(row: ResultRow): string {
  const body = JSON.stringify(row);
  return `${body.slice(0, -1)},"crc":"${crc32Hex(body)}"}`;
}

/**
 * The row of a line written by `encodeResultLine`, or `null` when the line is truncated,
 * altered or not a row (callers treat that as "not written").
 * @since 0.1.0
 */
export function decodeResultLine(line: string): ResultRow | null {
  const m = CRC_TAIL.exec(line);
  if (m === null) return null;
  const body = `${line.slice(0, m.index)}}`;
  if (crc32Hex(body) !== m[1]) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  return isResultRow(parsed) ? parsed : null;
}

/**
 * Why a line does not decode: `torn` (no checksum tail or not JSON: a cut-short write),
 * `checksum` (the CRC does not match: altered bytes), `shape` (valid but not a result row);
 * `null` when it decodes.
 * @since 0.2.0
 */
export function resultLineProblem(line: string): 'torn' | 'checksum' | 'shape' | null {
  const m = CRC_TAIL.exec(line);
  if (m === null) return 'torn';
  const body = `${line.slice(0, m.index)}}`;
  if (crc32Hex(body) !== m[1]) return 'checksum';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'torn';
  }
  return isResultRow(parsed) ? null : 'shape';
}

function isResultRow(v: unknown): v is ResultRow {
  if (v === null || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.unit === 'string' &&
    Number.isInteger(r.lines) &&
    typeof r.dataset === 'string' &&
    typeof r.model === 'string' &&
    typeof r.explainer === 'string' &&
    (r.kind === 'explainer' || r.kind === 'null' || r.kind === 'floor') &&
    Number.isInteger(r.instance) &&
    r.metrics !== null &&
    typeof r.metrics === 'object'
  );
}

/** Throws unless a line decodes (for places where a bad line is an error, not a torn write). */
export function decodeResultLineStrict(line: string, where: string): ResultRow {
  const row = decodeResultLine(line);
  if (row === null)
    throw new XaiError('PARSE_ERROR', `corrupt results line (checksum or shape): ${line.slice(0, 80)}`, {
      fn: 'decodeResultLine',
      arg: where,
      value: line.length,
    });
  return row;
}
