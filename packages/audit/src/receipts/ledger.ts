/** Format tag of a receipts ledger file. */
export const LEDGER_FORMAT = 'xai-audit-ledger@1';

/**
 * One recorded number (or table of numbers): the command that printed it, the hashes of its
 * inputs, and its exact machine-readable output.
 */
export interface LedgerEntry {
  readonly id: string;
  readonly description?: string;
  /** Arguments of `xai audit`; file paths are relative to the ledger's base directory. */
  readonly argv: readonly string[];
  /** sha256 of each input file named in argv (path as written in argv). */
  readonly inputs: Readonly<Record<string, string>>;
  /** The command's `--json` output, minus `receipt.version` and `receipt.command`. */
  readonly expected: unknown;
}

export interface Ledger {
  readonly format: typeof LEDGER_FORMAT;
  readonly entries: readonly LedgerEntry[];
}

/** Flags whose value is an input file. */
export const PATH_FLAGS: readonly string[] = ['--blind', '--labels', '--file', '--train', '--test'];
