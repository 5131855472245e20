// `xai bench --backend ort` (forward passes through ONNX Runtime, float32, exact TS
// gradients) gives the default (pure-TS float64) run's results for the deterministic explainers
// within 1e-5 relative (an absolute 1e-6 floor for scores near 0: float32 probabilities), and
// the results say which backend produced them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-ort-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Cell {
  model: string;
  explainer: string;
  metric: string;
  kind?: string;
  mean: number | null;
}

function run(out: string, extra: string[]): { cells: Cell[]; manifest: { config: { backend?: string }; backend?: string } } {
  const args = [
    'bench',
    '--explainers',
    'grad,ig,itg',
    '--metrics',
    'PRA,RC,FA,SA,PGI,PGU',
    '--instances',
    '20',
    '--workers',
    '2',
    '--cache-dir',
    cache,
    '--out',
    out,
    ...extra,
  ];
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed: ${r.stderr}`);
  return {
    cells: JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).cells,
    manifest: JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')),
  };
}

describe('xai bench --backend ort', () => {
  let ts: ReturnType<typeof run>;
  let ort: ReturnType<typeof run>;
  beforeAll(() => {
    assertBuilt();
    ts = run(join(dir, 'ts'), []);
    ort = run(join(dir, 'ort'), ['--backend', 'ort']);
  });

  it('states the backend in the manifest', () => {
    expect(ort.manifest.config.backend).toBe('ort');
    expect(ts.manifest.config.backend ?? 'ts').toBe('ts');
  });

  it('gives the same deterministic-explainer results as the pure-TS default', () => {
    let compared = 0;
    for (const a of ts.cells) {
      if (a.mean === null || !Number.isFinite(a.mean)) continue;
      const b = ort.cells.find((c) => c.model === a.model && c.explainer === a.explainer && c.metric === a.metric && c.kind === a.kind);
      expect(b, `${a.model}/${a.explainer}/${a.metric}`).toBeDefined();
      expect(Math.abs(b!.mean! - a.mean), `${a.model}/${a.explainer}/${a.metric}: ${a.mean} vs ${b!.mean}`).toBeLessThanOrEqual(
        1e-5 * Math.abs(a.mean) + 1e-6,
      );
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(2 * 3 * 4);
  });
});
