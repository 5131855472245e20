// Test helper: where the shared OpenXAI files live, and facts read from PROVENANCE.md
// (an independent source for the registry tests: never derived from our code).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** `shared/datasets`, beside the clone (same relative layout in CI). */
export const SHARED_DATASETS = resolve(packageRoot, '../../../shared/datasets');

export const HAVE_SHARED = existsSync(join(SHARED_DATASETS, 'PROVENANCE.md'));

if (!HAVE_SHARED) console.warn(`[@xai/data tests] ${SHARED_DATASETS} is missing: tests that need the shared datasets are skipped`);

export interface ProvenanceRow {
  readonly path: string;
  readonly rows: number;
  readonly columns: number;
  readonly bytes: number;
  readonly sha256: string;
}

/** The "Files" tables of PROVENANCE.md, keyed by `dataset/file.csv`. */
export function provenanceFiles(): Map<string, ProvenanceRow> {
  const text = readFileSync(join(SHARED_DATASETS, 'PROVENANCE.md'), 'utf8');
  const out = new Map<string, ProvenanceRow>();
  const re = /^\| `([^`]+\.csv)` \| (\d+) \| (\d+) [^|]*\|[^|]*\|[^|]*\| (\d+) \| `([0-9a-f]{64})` \|$/gm;
  for (const m of text.matchAll(re))
    out.set(m[1]!, { path: m[1]!, rows: Number(m[2]), columns: Number(m[3]), bytes: Number(m[4]), sha256: m[5]! });
  return out;
}

/** Dataverse file ids per dataset from PROVENANCE.md: [train id, test id, label]. */
export function provenanceDataverse(): Map<string, { train: string; test: string; label: string }> {
  const text = readFileSync(join(SHARED_DATASETS, 'PROVENANCE.md'), 'utf8');
  const out = new Map<string, { train: string; test: string; label: string }>();
  for (const m of text.matchAll(/^\| (\w+) +\| (\d{7}) \| (\d{7}) \| `([^`]+)` \|/gm))
    out.set(m[1]!, { train: m[2]!, test: m[3]!, label: m[4]! });
  return out;
}

/** First line of a shared CSV split on commas (the shared files have no quoted headers). */
export function sharedHeader(path: string): string[] {
  const text = readFileSync(join(SHARED_DATASETS, path), 'utf8');
  return text.slice(0, text.indexOf('\n')).split(',');
}

/** Data lines of a shared CSV as numbers, by naive splitting (independent of papaparse). */
export function sharedRows(path: string, limit = Infinity): number[][] {
  const lines = readFileSync(join(SHARED_DATASETS, path), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.length > 0);
  return lines.slice(0, limit).map((l) => l.split(',').map(Number));
}
