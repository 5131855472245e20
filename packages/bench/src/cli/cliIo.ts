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
