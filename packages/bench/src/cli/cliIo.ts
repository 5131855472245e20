// What every command writes to and how it ends: the CLI's output channels and exit codes.
/** Where the CLI writes; tests pass buffers. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Exit codes: 0 ok, 1 a run-time failure (missing file, bad data), 2 a usage error (bad flag or config). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** One line, no stack: what went wrong and where. */
export function errorLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text
    .replace(/^error:\s*/i, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/**
 * A reader that stops early (`xai --help | head -1`) closes the pipe: the next write fails with
 * EPIPE. That ends the command quietly with exit 0, as a Unix filter does; any other error of
 * the stream is rethrown.
 */
export function endQuietlyOnBrokenPipe(stream: NodeJS.EventEmitter, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    exit(EXIT.ok);
  });
}
