/** Stable error codes: callers branch on `code`, never on message text. */
export type XaiErrorCode =
  | 'SHAPE_MISMATCH'
  | 'NON_FINITE'
  | 'BAD_INPUT'
  | 'BAD_OPTION'
  | 'PARSE_ERROR'
  | 'NOT_FOUND'
  | 'CHECKSUM_MISMATCH'
  | 'OFFLINE'
  | 'NOT_PROBABILITIES'
  | 'NOT_SUPPORTED'
  | 'EMPTY';

export interface XaiErrorDetails {
  /** The public function that rejected its input, e.g. `matmul`. */
  readonly fn?: string;
  /** The argument (or file, column, option) at fault. */
  readonly arg?: string;
  /** The offending value, kept short. */
  readonly value?: unknown;
  /** Anything else a caller may need (file, line, column, what was tried). */
  readonly [key: string]: unknown;
}

/**
 * The one error type of the toolkit. The message names the function, the argument
 * and the offending value; `code` is stable for programmatic handling.
 * @example
 *   try { matmul(a, b) } catch (e) { if (isXaiError(e, 'SHAPE_MISMATCH')) ... }
 * @since 0.1.0
 */
export class XaiError extends Error {
  readonly code: XaiErrorCode;
  readonly details: XaiErrorDetails;

  constructor(code: XaiErrorCode, message: string, details: XaiErrorDetails = {}) {
    const where = details.fn ? `${details.fn}: ` : '';
    const what = details.arg ? `${details.arg}: ` : '';
    super(`[${code}] ${where}${what}${message}`);
    this.name = 'XaiError';
    this.code = code;
    this.details = details;
  }
}

/** Type guard, optionally for one code. */
export function isXaiError(value: unknown, code?: XaiErrorCode): value is XaiError {
  return value instanceof XaiError && (code === undefined || value.code === code);
}

/** Short printable form of an offending value for error messages. */
export function describeValue(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `array(${value.length})`;
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${(value as unknown as ArrayLike<number>).length})`;
  return typeof value;
}
