// Helpers to run the BUILT command line (dist/cli.js) as a child process, as a user would.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
export const TOY_ENGINE = fileURLToPath(new URL('../src/__fixtures__/toyEngine.ts', import.meta.url));

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npx tsup\` in packages/bench before the CLI tests`);
}

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const baseEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra });

/** Runs `node dist/cli.js ...args` to completion (a generous 30 min cap: no wall-clock budgets, only a hang guard). `tsx` lets the toy engine (TypeScript) load. */
export function runCliSync(
  args: readonly string[],
  options: { env?: Record<string, string>; tsx?: boolean; cwd?: string } = {},
): CliResult {
  const node = options.tsx ? ['--import', 'tsx', CLI] : [CLI];
  const r = spawnSync(process.execPath, [...node, ...args], {
    encoding: 'utf8',
    env: baseEnv(options.env ?? {}),
    cwd: options.cwd,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `node dist/cli.js ...args` in the background (to kill it). */
export function startCli(args: readonly string[], options: { env?: Record<string, string>; tsx?: boolean } = {}): ChildProcess {
  const node = options.tsx ? ['--import', 'tsx', CLI] : [CLI];
  return spawn(process.execPath, [...node, ...args], { env: baseEnv(options.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves when the child has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
