// Fetches one dataset file into the cache: verified before it is written, written atomically.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { XaiError } from '@xai/core';
import { fileSha256 as sha256Hex } from './fileSha256.js';

export interface DownloadRequest {
  readonly url: string;
  readonly dest: string;
  readonly expectedSha256?: string;
  /**
   * Write `<dest>.sha256` with the checksum seen now (only for files with no published
   * checksum): later reads can then detect corruption, though not a wrong first download.
   */
  readonly recordSha256: boolean;
  readonly fetchImpl: typeof fetch;
  readonly timeoutMs: number;
  /** Paths already looked at, for the error message. */
  readonly tried: readonly string[];
  /** How to supply the file by hand, for the error message. */
  readonly manual: string;
}

export interface Downloaded {
  readonly bytes: Uint8Array;
  readonly sha256: string;
}

function causeOf(e: unknown): string {
  const err = e as Error & { cause?: unknown };
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.name === 'TimeoutError' ? 'timed out' : err.message}${cause}`;
}

/** Downloads `url`; checks length and sha256, then renames a temp file onto `dest`. */
export async function downloadFile(req: DownloadRequest): Promise<Downloaded> {
  const fn = 'loadDataset';
  const tried = req.tried.length > 0 ? ` Looked in: ${req.tried.join(', ')}.` : '';
  const details = { fn, arg: 'url', value: req.url, url: req.url, dest: req.dest, tried: req.tried };
  let res: Response;
  try {
    res = await req.fetchImpl(req.url, { signal: AbortSignal.timeout(req.timeoutMs), redirect: 'follow' });
  } catch (e) {
    throw new XaiError('OFFLINE', `could not download ${req.url} (${causeOf(e)}).${tried} ${req.manual}`, details);
  }
  if (!res.ok) {
    const code = res.status === 404 || res.status === 410 ? 'NOT_FOUND' : 'OFFLINE';
    throw new XaiError(code, `${req.url} answered HTTP ${res.status} ${res.statusText}.${tried} ${req.manual}`, {
      ...details,
      status: res.status,
    });
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    throw new XaiError(
      'OFFLINE',
      `download of ${req.url} was interrupted (${causeOf(e)}); nothing was written.${tried} ${req.manual}`,
      details,
    );
  }
  const declared = res.headers.get('content-length');
  if (declared !== null && !res.headers.get('content-encoding') && Number(declared) !== bytes.length) {
    throw new XaiError(
      'CHECKSUM_MISMATCH',
      `download of ${req.url} is truncated: ${bytes.length} of ${declared} bytes; nothing was written. ${req.manual}`,
      { ...details, bytes: bytes.length, expectedBytes: Number(declared) },
    );
  }
  const sha256 = sha256Hex(bytes);
  if (req.expectedSha256 !== undefined && sha256 !== req.expectedSha256) {
    throw new XaiError(
      'CHECKSUM_MISMATCH',
      `${req.url} has sha256 ${sha256} (${bytes.length} bytes), expected ${req.expectedSha256}; nothing was written. ` +
        `The file is truncated, corrupt, or a different version than the one the registry knows; pass verify: false to accept it anyway. ${req.manual}`,
      { ...details, sha256, expected: req.expectedSha256, bytes: bytes.length },
    );
  }
  await mkdir(dirname(req.dest), { recursive: true });
  const temp = `${req.dest}.part-${process.pid}-${Date.now().toString(36)}`;
  try {
    await writeFile(temp, bytes);
    if (req.recordSha256) await writeFile(`${req.dest}.sha256`, `${sha256}\n`);
    await rename(temp, req.dest);
  } catch (e) {
    await rm(temp, { force: true });
    throw new XaiError('BAD_INPUT', `cannot write ${req.dest}: ${(e as Error).message}`, { ...details, arg: 'cacheDir' });
  }
  return { bytes, sha256 };
}
