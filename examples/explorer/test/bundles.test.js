// Every library package's root entry bundles for the browser with no Node built-in, and the
// bundled code computes in a real headless Chromium exactly what it computes in Node.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { formatBuiltinImports, launchChromium, nodeBuiltinImports } from '@xai/testing-browser';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['@xai/core', '@xai/data', '@xai/synth', '@xai/models', '@xai/explainers', '@xai/metrics', '@xai/audit', '@xai/onnx'];

async function bundle(entry, extra = {}) {
  const result = await build({
    stdin: { contents: entry, resolveDir: here, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
    external: ['onnxruntime-web'],
    ...extra,
  });
  return result.outputFiles[0].text;
}

describe('browser-safe roots', () => {
  for (const pkg of ROOTS) {
    it(`${pkg} bundles for platform 'browser' without a Node built-in`, async () => {
      const builtins = await nodeBuiltinImports({ contents: `export * from '${pkg}';`, resolveDir: here }, ['onnxruntime-web']);
      expect(formatBuiltinImports(builtins), `${pkg} root reaches Node built-ins`).toEqual([]);
      expect((await bundle(`export * from '${pkg}';`)).length).toBeGreaterThan(100);
    });
  }
});

const PROBE = `
import { fromRows } from '@xai/core';
import { createLogisticRegression } from '@xai/models';
import { fa, pgi } from '@xai/metrics';
const model = createLogisticRegression(4, { seed: 3 });
const x = fromRows([[0.1, 0.9, 0.3, 0.5], [0.7, 0.2, 0.8, 0.4], [0.5, 0.5, 0.1, 0.9]]);
const attributions = fromRows([[4, -3, 2, 1], [1, 2, 3, 4], [-1, 0.5, 0.25, 0.125]]);
const groundTruth = fromRows([[3, -4, 1, 2], [4, 3, 2, 1], [1, 1, 1, 1]]);
export function probe() {
  return { pgi: pgi({ x, attributions, model }, { seed: 7 }).values.join(','), fa: fa({ x, attributions, groundTruth }).values.join(',') };
}
`;

describe('the bundled code in headless Chromium', () => {
  it('computes the same PGI as Node (to 1e-12; engines may differ in the last bit of exp) and the hand-derived FA', async () => {
    const code = await bundle(PROBE);
    const nodeResult = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).probe();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<p>probe</p>');
      // A string, so vitest does not rewrite the page's dynamic import() into its own loader.
      const inBrowser = await page.evaluate(`(async () => {
        const url = URL.createObjectURL(new Blob([${JSON.stringify(code)}], { type: 'text/javascript' }));
        return (await import(url)).probe();
      })()`);
      const [b, n] = [inBrowser.pgi, nodeResult.pgi].map((v) => v.split(',').map(Number));
      expect(b.length).toBe(3);
      b.forEach((v, i) => expect(Math.abs(v - n[i])).toBeLessThan(1e-12 * Math.abs(n[i])));
      expect(
        inBrowser.pgi
          .split(',')
          .map(Number)
          .every((v) => v > 0 && v < 1),
      ).toBe(true);
      // FA (default preset): trapezoid mean over k = 1..4 of |top-k(|e|) ∩ top-k(|gt|)| / k.
      // Row 0: top-k orders 0,1,2,3 vs 1,0,3,2 → per k 0, 1, 2/3, 1 → (0/2 + 1 + 2/3 + 1/2) / 3 = 13/18.
      // Row 1: 3,2,1,0 vs 0,1,2,3 → 0, 0, 2/3, 1 → (0 + 0 + 2/3 + 1/2) / 3 = 7/18. Row 2: ties go to the lower index → 1.
      expect(inBrowser.fa).toBe(nodeResult.fa);
      const faValues = inBrowser.fa.split(',').map(Number);
      [13 / 18, 7 / 18, 1].forEach((v, i) => expect(faValues[i]).toBeCloseTo(v, 12));
    } finally {
      await browser.close();
    }
  });
});
