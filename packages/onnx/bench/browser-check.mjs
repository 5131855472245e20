// @xai/onnx in a real headless Chromium (onnxruntime-web WASM, 1 thread): bundles
// bench/browser-page.js with esbuild, serves it, the WASM files and the fixtures on
// 127.0.0.1, and checks the page's results against the fixtures' reference outputs.
//   pnpm --filter @xai/onnx check:browser   (needs @xai/onnx and @xai/testing-browser built)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '@xai/testing-browser';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const bundle = await build({
  entryPoints: [join(here, 'browser-page.js')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'error',
});
const pageJs = bundle.outputFiles[0].text;
if (/from\s*["']node:/.test(pageJs)) throw new Error('the browser bundle imports a Node built-in');
const wasmDir = join(pkg, 'node_modules', 'onnxruntime-web', 'dist');
const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.onnx': 'application/octet-stream',
  '.html': 'text/html',
};
/** A fixture's path segments (one sub-folder allowed), none of them `.` or `..`. */
const fixturePath = (p) =>
  p
    .split('/')
    .map((seg) => seg.replace(/[^\w.-]/g, ''))
    .filter((seg) => !/^\.*$/.test(seg));
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  let body;
  try {
    if (url.pathname === '/') body = '<!doctype html><script type="module" src="/page.js"></script>';
    else if (url.pathname === '/page.js') body = pageJs;
    else if (url.pathname.startsWith('/wasm/')) body = readFileSync(join(wasmDir, url.pathname.slice(6).replace(/[^\w.-]/g, '')));
    else if (url.pathname.startsWith('/fixtures/')) body = readFileSync(join(pkg, 'fixtures', ...fixturePath(url.pathname.slice(10))));
  } catch {
    body = undefined;
  }
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  const ext = url.pathname === '/' ? '.html' : url.pathname.slice(url.pathname.lastIndexOf('.'));
  res.writeHead(200, { 'content-type': types[ext] ?? 'application/octet-stream' }).end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address();
const browser = await launchChromium();
let failed = false;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 120_000 });
  const result = await page.evaluate(() => window.__result);
  console.log(`Chromium (${browser.xaiSource.source}) ${browser.version()}:`);
  console.log(JSON.stringify(result, null, 2));
  if (result.error) failed = true;
  else {
    const ok = (v, tol) => typeof v === 'number' && v <= tol;
    failed ||= !(
      result.mlp_relu.backend === 'xai-interpreter' &&
      ok(result.mlp_relu.syncDiff, 1e-6) &&
      ok(result.mlp_relu.asyncDiff, 1e-6) &&
      ok(result.mlp_relu.gradientDiff, 1e-5)
    );
    failed ||= !(
      result.mlp_tanh.backend === 'xai-interpreter' &&
      ok(result.mlp_tanh.syncDiff, 1e-6) &&
      ok(result.mlp_tanh.gradientDiff, 1e-5)
    );
    failed ||= !(
      result.trees.backend === 'onnxruntime-web' &&
      ok(result.trees.asyncDiff, 1e-6) &&
      /NOT_SUPPORTED/.test(result.trees.syncError ?? '')
    );
    const ln = result.ln_gelu_residual;
    failed ||= !(
      ln.backend === 'xai-interpreter' &&
      ln.gradientSource === 'autodiff' &&
      ok(ln.syncDiff, 1e-12) &&
      ok(ln.gradientRelDiff, 1e-10)
    );
  }
} finally {
  await browser.close();
  server.close();
}
console.log(failed ? 'browser check FAILED' : 'browser check passed');
process.exitCode = failed ? 1 : 0;
