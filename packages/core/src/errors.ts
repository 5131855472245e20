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
  | 'EMPTY'
  | 'IO_ERROR'
  | 'LOCKED';

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

/** The brand `isXaiError` checks (a registered symbol, the same in every module copy). @since 0.2.0 */
export const XAI_ERROR_BRAND: unique symbol = Symbol.for('@xai/core.XaiError');

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
  /** Brand shared by every copy of this class (ESM and CJS builds, duplicated installs). */
  readonly [XAI_ERROR_BRAND] = true;

  constructor(code: XaiErrorCode, message: string, details: XaiErrorDetails = {}) {
    const where = details.fn ? `${details.fn}: ` : '';
    const what = details.arg ? `${details.arg}: ` : '';
    super(`[${code}] ${where}${what}${message}`);
    this.name = 'XaiError';
    this.code = code;
    this.details = details;
  }
}

/**
 * Type guard, optionally for one code. Checks a `Symbol.for` brand rather than
 * `instanceof`, so an error thrown by the CJS build (or another copy of the package) is
 * recognised by ESM code too.
 * @since 0.1.0
 */
export function isXaiError(value: unknown, code?: XaiErrorCode): value is XaiError {
  if (value === null || typeof value !== 'object') return false;
  if ((value as Record<symbol, unknown>)[XAI_ERROR_BRAND] !== true) return false;
  return code === undefined || (value as XaiError).code === code;
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

/** Node's error codes for the OS-level failures every package reports the same way. */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/** What the common error codes mean, said the same way everywhere. */
const ERRNO_HINTS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EISDIR: 'is a directory, expected a file',
  ENOTDIR: 'a parent of the path is not a directory',
  ENOENT: 'no such file or directory',
  EEXIST: 'already exists (and is not the kind of entry expected)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files',
  EDQUOT: 'disk quota exceeded',
};

/**
 * The one mapping of an OS-level error (fs, net) to an XaiError: ENOENT/ENOTDIR become
 * NOT_FOUND, everything else (ENOSPC, EISDIR, EACCES, EEXIST, ...) IO_ERROR; the message names
 * the path, what was being done and what the errno means; `details.errno` keeps the system code
 * and `details.file` the path. `where.arg` names the flag or option that gave the path. Pure (no
 * Node import), so browser-safe code may call it too. Non-system errors are returned unchanged.
 * @example catch (e) { throw systemError(e, { fn: 'saveModel', path, action: 'write' }) }
 * @since 0.2.0
 */
export function systemError(
  error: unknown,
  where: { readonly fn: string; readonly path: string; readonly action: string; readonly arg?: string },
): unknown {
  const errno = (error as { code?: unknown } | null)?.code;
  if (isXaiError(error) || typeof errno !== 'string' || !/^E[A-Z]+$/.test(errno)) return error;
  const reason = ERRNO_HINTS[errno] ?? (error as Error).message?.replace(/^E[A-Z]+: /, '') ?? errno;
  return new XaiError(MISSING.has(errno) ? 'NOT_FOUND' : 'IO_ERROR', `cannot ${where.action} ${where.path}: ${errno} (${reason})`, {
    fn: where.fn,
    arg: where.arg ?? 'path',
    value: where.path,
    errno,
    path: where.path,
    file: where.path,
  });
}
