import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { runAuditCommand } from '../runAuditCommand.js';
import { sha256Hex } from '@xai/core';
import { PATH_FLAGS } from '../receipts/ledger.js';

/**
 * Runs `xai audit <argv> --json` with paths resolved against `baseDir`, hashes the input
 * files, and returns the output normalised for comparison: paths written back as in argv,
 * `receipt.version` and `receipt.command` removed (a version bump alone is not a change of
 * numbers).
 */
export async function rerunEntry(
  argv: readonly string[],
  baseDir: string,
): Promise<{ output: unknown; inputs: Record<string, string>; missing: string[] }> {
  const resolved: string[] = [];
  const back = new Map<string, string>();
  const inputs: Record<string, string> = {};
  const missing: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    resolved.push(a);
    if (PATH_FLAGS.includes(a) && i + 1 < argv.length) {
      const p = argv[++i]!;
      const abs = isAbsolute(p) ? p : join(baseDir, p);
      back.set(abs, p);
      resolved.push(abs);
      try {
        inputs[p] = sha256Hex(await readFile(abs));
      } catch {
        missing.push(p);
      }
    }
  }
  if (missing.length > 0) return { output: undefined, inputs, missing };
  const result = await runAuditCommand([...resolved.filter((a) => a !== '--json'), '--json']);
  return { output: normalize(result.json, back), inputs, missing };
}

function normalize(value: unknown, back: ReadonlyMap<string, string>, key?: string): unknown {
  if (typeof value === 'string') {
    let s = value;
    for (const [abs, rel] of back) s = s.split(abs).join(rel);
    return s;
  }
  if (Array.isArray(value)) return value.map((v) => normalize(v, back));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (key === 'receipt' && (k === 'version' || k === 'command')) continue;
      out[k] = normalize(v, back, k);
    }
    return out;
  }
  return value;
}
