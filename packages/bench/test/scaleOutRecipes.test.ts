// The README's Slurm and Kubernetes recipes, executed by their own shells with a stand-in `xai`
// (and `npm`) that records its arguments: each task must run the right shard of a fixed N with
// --resume into its own folder. scripts/slurm-check.sh runs the Slurm recipe on a real cluster.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The first fenced block of `lang` after `marker` in the bench README. */
function blockAfter(marker: string, lang: string): string {
  const from = README.indexOf(marker);
  expect(from, marker).toBeGreaterThanOrEqual(0);
  const m = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(README.slice(from));
  expect(m, `${lang} block after ${marker}`).not.toBeNull();
  return m![1]!;
}

/** A PATH folder whose `xai` and `npm` append their arguments, one per line, to `log`. */
function recorder(): { bin: string; calls: () => string[][] } {
  const bin = mkdtempSync(join(tmpdir(), 'xai-recipe-'));
  const log = join(bin, 'calls.log');
  writeFileSync(log, '');
  for (const name of ['xai', 'npm']) {
    const path = join(bin, name);
    writeFileSync(
      path,
      `#!/bin/sh\nprintf '%s' "${name}" >> "${log}"\nfor a in "$@"; do printf '\\t%s' "$a" >> "${log}"; done\necho >> "${log}"\n`,
    );
    chmodSync(path, 0o755);
  }
  return {
    bin,
    calls: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')),
  };
}

const shell = (sh: string, args: string[], env: Record<string, string>, bin: string) =>
  spawnSync(sh, args, { encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin`, HOME: '/home/u', ...env } });

describe('the Slurm recipe', () => {
  const script = blockAfter('<!-- recipe:slurm -->', 'bash');

  it('is an array of 4 with --cpus-per-task and --requeue, and N fixed rather than read from the array size', () => {
    expect(script).toMatch(/^#SBATCH --array=0-3$/m);
    expect(script).toMatch(/^#SBATCH --cpus-per-task=\d+$/m);
    expect(script).toMatch(/^#SBATCH --requeue$/m);
    expect(script).toMatch(/^N=4$/m);
    const code = script
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#'))
      .join('\n');
    expect(code).not.toContain('SLURM_ARRAY_TASK_COUNT');
  });

  it('runs shard i+1 of 4 with --resume into its own folder, also when one task is resubmitted alone', () => {
    const { bin, calls } = recorder();
    const path = join(bin, 'job.sbatch');
    writeFileSync(path, script);
    for (const id of [0, 1, 2, 3])
      expect(shell('bash', [path], { SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_COUNT: '4' }, bin).status).toBe(0);
    // `sbatch --array=2` of the same script: Slurm sets SLURM_ARRAY_TASK_COUNT=1.
    expect(shell('bash', [path], { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '1', XAI_OUT: '/shared/run' }, bin).status).toBe(0);
    const run = (i: number, out: string): string[] => [
      'xai',
      'bench',
      '--full',
      '--datasets',
      'all',
      '--shard',
      `${i + 1}/4`,
      '--resume',
      '--out',
      `${out}/shard-${i}`,
    ];
    expect(calls()).toEqual([...[0, 1, 2, 3].map((i) => run(i, '/home/u/xai-run')), run(2, '/shared/run')]);
  });
});

describe('the Kubernetes recipe', () => {
  const yaml = blockAfter('Kubernetes, as an Indexed Job', 'yaml');

  it('is an Indexed Job on a ReadWriteMany claim, its command through sh -c', () => {
    expect(yaml).toMatch(/^ {2}completionMode: Indexed$/m);
    expect(yaml).toMatch(/accessModes: \[ReadWriteMany\]/);
    const claim = /^ {2}name: (\S+)$/m.exec(yaml.split('---')[0]!)?.[1];
    expect(yaml).toContain(`claimName: ${claim}`);
    expect(yaml).toContain('command: ["sh", "-c"]');
    expect(yaml).toMatch(/restartPolicy: Never/);
    expect(yaml).toMatch(/limits: \{ cpu: "\d+"/);
  });

  it('runs shard i+1 of `completions` with --resume into its own folder on the volume, for every index', () => {
    const completions = Number(/^ {2}completions: (\d+)/m.exec(yaml)?.[1]);
    expect(completions).toBe(4);
    // The folded scalar (`>-`) under args: its lines joined by spaces.
    const folded = /args:\n\s+- >-\n((?:\s{14}.*\n)+)/.exec(yaml)?.[1];
    expect(folded).toBeDefined();
    const command = folded!
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
    const { bin, calls } = recorder();
    for (let i = 0; i < completions; i++) expect(shell('sh', ['-c', command], { JOB_COMPLETION_INDEX: String(i) }, bin).status).toBe(0);
    const xai = calls().filter((c) => c[0] === 'xai');
    expect(xai).toEqual(
      Array.from({ length: completions }, (_, i) => [
        'xai',
        'bench',
        '--full',
        '--datasets',
        'all',
        '--shard',
        `${i + 1}/${completions}`,
        '--resume',
        '--out',
        `/results/shard-${i}`,
      ]),
    );
    expect(calls().filter((c) => c[0] === 'npm')).toHaveLength(completions);
  });
});
