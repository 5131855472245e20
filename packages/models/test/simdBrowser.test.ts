// The WebAssembly SIMD kernels in a real headless Chromium (launchChromium: XAI_CHROMIUM, a
// system Chromium, or the one in the @sparticuz/chromium npm package): the bundled models pick
// 'simd' there, and give the bits of the JS kernels in the same browser; against Node the
// values agree to 1e-12 (engines may differ in the last bit of exp and tanh). Core's random-subset
// kernel (plain WebAssembly) runs there too, with Node's bits.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '@xai/testing-browser';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SKIP = process.env.XAI_SKIP_BROWSER === '1';
const here = fileURLToPath(new URL('..', import.meta.url));

// Each case: one model made twice, on the SIMD kernels and on the JS kernels
// (process.env.XAI_KERNELS = 'js' while it is made; in a browser, a stand-in process object),
// every output bit compared.
const PROBE = `
import { createRng, kernelBackend } from '@xai/core';
import { createAnn, createMlp, withPrecision } from '@xai/models';
function onJs(make) {
  const real = globalThis.process;
  if (real === undefined) {
    globalThis.process = { env: { XAI_KERNELS: 'js' } };
    try { return make(); } finally { delete globalThis.process; }
  }
  const before = real.env.XAI_KERNELS;
  real.env.XAI_KERNELS = 'js';
  try { return make(); } finally { if (before === undefined) delete real.env.XAI_KERNELS; else real.env.XAI_KERNELS = before; }
}
export function probe() {
  const cases = [
    ['ann', 20, () => createAnn(20, { seed: 0 })],
    ['tanh', 7, () => createMlp(7, { hidden: [33, 9], activation: 'tanh', classes: 3, seed: 2 })],
  ];
  const out = { backend: kernelBackend(), mismatches: 0, compared: 0, values: [] };
  for (const [name, d, make] of cases)
    for (const precision of ['float64', 'float32']) {
      const simd = withPrecision(make(), precision);
      const js = onJs(() => withPrecision(make(), precision));
      const n = 45;
      const x = { rows: n, cols: d, data: new Float64Array(n * d) };
      createRng(5).fillNormal(x.data);
      const t = Int32Array.from({ length: n }, (_, i) => i % simd.classes);
      for (const f of [(m) => m.predictProba(x), (m) => m.inputGradient(x, t)]) {
        const a = f(simd).data;
        const b = f(js).data;
        for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) out.mismatches++;
        out.compared += a.length;
        out.values.push(...a);
      }
    }
  return out;
}
`;

/** Bundles `source` for the browser; its probe() run in Node and in headless Chromium. */
async function probeBoth<T>(source: string): Promise<{ node: T; browser: T }> {
  const result = await build({
    stdin: { contents: source, resolveDir: here, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const file = join(mkdtempSync(join(tmpdir(), 'xai-simd-')), 'probe.mjs');
  writeFileSync(file, code);
  const node = (await import(pathToFileURL(file).href)).probe() as T;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent(`<script type="module">${code.replace(/export\s*\{[^}]*\};?\s*$/, '')}; window.result = probe();</script>`);
    await page.waitForFunction(() => (globalThis as unknown as { result?: unknown }).result !== undefined);
    return { node, browser: (await page.evaluate(() => (globalThis as unknown as { result: unknown }).result)) as T };
  } finally {
    await browser.close();
  }
}

// core's random-subset kernel (plain WebAssembly, 64-bit integers) against the same draws through
// uniform() of a stream core did not make: KernelSHAP's coalitions, in the browser as in Node.
const SUBSETS_PROBE = `
import { fillRandomSubsets, substream } from '@xai/core';
export function probe() {
  const out = { mismatches: 0, uniformCalls: 0, values: [] };
  for (const [d, paired] of [[23, false], [60, true], [7, false]]) {
    const cdf = new Float64Array(d - 1);
    let acc = 0;
    for (let k = 1; k < d; k++) cdf[k - 1] = acc += (d - 1) / (k * (d - k));
    for (let k = 0; k < d - 1; k++) cdf[k] /= acc;
    const core = substream(9, d);
    const uniform = core.uniform.bind(core);
    core.uniform = () => { out.uniformCalls++; return uniform(); };
    const other = substream(9, d);
    const foreign = { uniform: () => other.uniform() };
    const a = fillRandomSubsets(core, new Float64Array(300 * d), 0, 300, d, cdf, paired);
    const b = fillRandomSubsets(foreign, new Float64Array(300 * d), 0, 300, d, cdf, paired);
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) out.mismatches++;
    if (uniform() !== other.uniform()) out.mismatches++;
    out.values.push(...a);
  }
  return out;
}
`;

describe.skipIf(SKIP)('SIMD kernels in headless Chromium', () => {
  it('are chosen there and give the JS kernels’ bits (float64 and float32); Node agrees to 1e-12', async () => {
    const { node, browser: inBrowser } = await probeBoth<{ backend: string; mismatches: number; compared: number; values: number[] }>(
      PROBE,
    );
    expect(inBrowser.backend).toBe('simd');
    expect(inBrowser.compared).toBeGreaterThan(1000);
    expect(inBrowser.mismatches).toBe(0);
    expect(node.mismatches).toBe(0);
    expect(inBrowser.values.length).toBe(node.values.length);
    let worst = 0;
    for (let i = 0; i < node.values.length; i++)
      worst = Math.max(worst, Math.abs(inBrowser.values[i]! - node.values[i]!) / Math.max(1e-300, Math.abs(node.values[i]!)));
    expect(worst).toBeLessThan(1e-12);
  });

  it("runs core's random-subset kernel with the bits of the uniform() loop, as in Node", async () => {
    type Seen = { mismatches: number; uniformCalls: number; values: number[] };
    const { node, browser } = await probeBoth<Seen>(SUBSETS_PROBE);
    expect(browser.mismatches).toBe(0);
    expect(browser.uniformCalls).toBe(0); // the kernel drew, not uniform()
    expect(browser.values).toEqual(node.values);
    expect(node.mismatches).toBe(0);
    expect(node.uniformCalls).toBe(0);
  });
});
