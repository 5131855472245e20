// The input corpus's runner: writes a case's files, runs the built CLI on it as a user would,
// and scores what came back — clear (an error that names what is wrong and where, or a run that
// succeeds and says what it warned about), unclear (an error that is typed but does not say
// where), or bad (a crash, a stack trace, an untyped error, a silent success on bad input, or a
// folder left behind).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One bad or borderline input. */
export interface CorpusCase {
  readonly id: string;
  /** What it exercises: csv, schema, model, onnx, config, flags, names, output, results, attributions, commands. */
  readonly surface: string;
  /** Files written into the case's folder before it runs (path relative to it). */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** The command line, given the case's folder and the shared folder of valid inputs. */
  readonly args: (dir: string, shared: string) => string[];
  /** An error is expected (bad input), or a run that succeeds (borderline input). */
  readonly expect: 'error' | 'ok';
  /** What the message must name (file names, flags, line and column numbers, values). */
  readonly mentions: readonly (string | RegExp)[];
  /** A path (relative to the case folder) that must not exist afterwards: nothing left behind. */
  readonly leaves?: string;
}

export type Verdict = 'clear' | 'unclear' | 'bad';

export interface CaseResult {
  readonly id: string;
  readonly surface: string;
  readonly verdict: Verdict;
  readonly why: string;
  readonly code: number | null;
  readonly stderr: string;
}

const CRASH =
  /\n\s+at |TypeError|ReferenceError|RangeError|SyntaxError: |is not iterable|Cannot read propert|undefined is not|\[object Object\]/;

/** Scores one finished case. @since 0.3.0 */
export function scoreCase(c: CorpusCase, code: number | null, stdout: string, stderr: string, dir: string): CaseResult {
  const out = (verdict: Verdict, why: string): CaseResult => ({ id: c.id, surface: c.surface, verdict, why, code, stderr });
  if (c.leaves !== undefined && existsSync(join(dir, c.leaves))) return out('bad', `left ${c.leaves} behind`);
  const text = c.expect === 'error' ? stderr : `${stdout}\n${stderr}`;
  if (c.expect === 'error') {
    if (code === 0) return out('bad', 'exit 0 on bad input (silent)');
    if (CRASH.test(stderr)) return out('bad', 'crash text in the message');
    // Typed: "[CODE]" from XaiError, or commander's own usage errors (unknown option, missing argument).
    if (!/\[[A-Z_]+\]|unknown option|unknown command|required option|missing required argument|too many arguments/.test(stderr))
      return out('bad', 'untyped error');
  } else if (code !== 0) {
    return out('bad', `exit ${code} on an input that should run`);
  }
  const missing = c.mentions.filter((m) => (typeof m === 'string' ? !text.includes(m) : !m.test(text)));
  if (missing.length > 0) return out('unclear', `does not name ${missing.map(String).join(', ')}`);
  return out('clear', '');
}

/** The built CLI of this checkout. */
export const BUILT_CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

function runOne(cli: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, [cli, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
    });
    p.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    p.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Writes every case's files under `root/<id>/` and runs the cases, `parallel` at a time. @since 0.3.0 */
export async function runCorpus(
  cases: readonly CorpusCase[],
  root: string,
  shared: string,
  options: { readonly cli?: string; readonly parallel?: number } = {},
): Promise<CaseResult[]> {
  const cli = options.cli ?? BUILT_CLI;
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let k = next++; k < cases.length; k = next++) {
      const c = cases[k]!;
      const dir = join(root, c.id);
      mkdirSync(dir, { recursive: true });
      for (const [name, content] of Object.entries(c.files ?? {})) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), content);
      }
      const r = await runOne(cli, c.args(dir, shared), dir);
      results[k] = scoreCase(c, r.code, r.stdout, r.stderr, dir);
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 2 }, worker));
  return results;
}

/** Totals per verdict, and per surface. @since 0.3.0 */
export function tally(results: readonly CaseResult[]): {
  total: Record<Verdict, number>;
  bySurface: Record<string, Record<Verdict, number>>;
} {
  const zero = (): Record<Verdict, number> => ({ clear: 0, unclear: 0, bad: 0 });
  const total = zero();
  const bySurface: Record<string, Record<Verdict, number>> = {};
  for (const r of results) {
    total[r.verdict]++;
    bySurface[r.surface] ??= zero();
    bySurface[r.surface]![r.verdict]++;
  }
  return { total, bySurface };
}
