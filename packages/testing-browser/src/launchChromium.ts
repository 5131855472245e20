import { existsSync } from 'node:fs';
import type { Browser, LaunchOptions } from 'playwright-core';
import { chromium as playwright } from 'playwright-core';

/** Flags for a closed network: no background connections, no sandbox (root), no GPU. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser came from, for test logs and artefacts. */
export interface ChromiumSource {
  readonly executablePath: string;
  readonly source: 'XAI_CHROMIUM' | 'system' | '@sparticuz/chromium';
}

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Finds a Chromium: `XAI_CHROMIUM` when set, else a system one, else the binary shipped inside
 * the `@sparticuz/chromium` npm package (unpacked into the temp directory at first use; no
 * download, no apt). `XAI_BROWSER=npm` skips the system lookup, to check a fresh machine.
 */
export async function findChromium(): Promise<ChromiumSource> {
  const env = process.env.XAI_CHROMIUM;
  if (env !== undefined && env !== '') {
    if (!existsSync(env)) throw new Error(`XAI_CHROMIUM=${env} does not exist`);
    return { executablePath: env, source: 'XAI_CHROMIUM' };
  }
  if (process.env.XAI_BROWSER !== 'npm') {
    for (const p of SYSTEM_PATHS) if (existsSync(p)) return { executablePath: p, source: 'system' };
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return { executablePath: await sparticuz.executablePath(), source: '@sparticuz/chromium' };
}

/**
 * Launches headless Chromium through playwright-core with `findChromium()`'s binary.
 * @example const browser = await launchChromium(); const page = await browser.newPage();
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser & { readonly xaiSource: ChromiumSource }> {
  const found = await findChromium();
  // @sparticuz/chromium's own `args` are tuned for AWS Lambda (--single-process, --no-zygote,
  // --disable-web-security): single-process mode stalls a second page's Web Worker and the
  // security flags would hide what a real browser refuses, so only our flags are used.
  const args = [...CHROMIUM_FLAGS];
  const browser = await playwright.launch({ executablePath: found.executablePath, args, headless: true, ...options });
  return Object.assign(browser, { xaiSource: found });
}
