import { describe, expect, it } from 'vitest';
import { launchChromium } from './index.js';

describe('launchChromium', () => {
  it('launches a headless Chromium (system or npm-shipped) that runs a page script', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<script>document.title = String(6 * 7)</script>');
      expect(await page.title()).toBe('42');
      expect(['system', '@sparticuz/chromium', 'XAI_CHROMIUM']).toContain(browser.xaiSource.source);
    } finally {
      await browser.close();
    }
  });
});
