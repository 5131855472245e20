// The explorer reads a CSV as the CLI does (@xai/data: quoted header fields, text columns
// one-hot) and refuses what the CLI refuses, up front, in words a reader understands.
import { parseUserDataset } from '@xai/data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFile, onlyExplainer, openPage, pickLabel, runJob, screenshot, seeded, startBrowser, status, upload } from './support/page.js';

let browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => browser?.close());

const CITIES = ['Oslo', 'Bergen', '"Tromsø, N"'];

/** approved = 1 exactly when "income, net" > 50 000; age and city are noise. */
function quotedCsv(rows = 300, label = (income) => (income > 50_000 ? 1 : 0)) {
  const rand = seeded(7);
  const lines = ['"income, net",age,city,approved'];
  for (let i = 0; i < rows; i++) {
    const income = Math.round(rand() * 100_000);
    lines.push([income, 20 + Math.floor(rand() * 60), CITIES[i % 3], label(income)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

describe('a CSV with a quoted header and a text column', () => {
  it('is read as the CLI reads it (4 columns, city one-hot) and explained for class 1', async () => {
    const text = quotedCsv();
    const { page, problems } = await openPage(browser);
    await upload(page, csvFile('loans.csv', text));
    const columns = await page.$$eval('#label option', (o) => o.map((x) => x.value));
    expect(columns).toEqual(['income, net', 'age', 'city', 'approved']);
    expect(await page.$eval('#label', (s) => s.value)).toBe('approved');
    // Categories sorted, one model column each: the CLI's reader on the same text agrees.
    const expected = ['income, net', 'age', 'city=Bergen', 'city=Oslo', 'city=Tromsø, N'];
    expect(parseUserDataset(text, { label: 'approved' }).schema.names).toEqual(expected);
    expect(await page.$eval('#file-status', (s) => s.textContent)).toContain('5 model features');
    expect(await page.$$eval('#target option', (o) => o.map((x) => x.value))).toEqual(['0', '1', 'predicted']);
    expect(await page.$eval('#target', (s) => s.value)).toBe('1');
    await screenshot(page, '1-csv-loaded', '#controls');

    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '20');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    expect(result.featureNames).toEqual(expected);
    // LR's gradient towards class 1 is p(1 − p)(w₁ − w₀): one direction for every row, and
    // income (the only signal, approved ⇔ income > 50 000) pushes towards approval on every row.
    for (const row of result.rows) {
      expect(row.target).toBe(1);
      expect(row.attributions.Gradient[0], `row ${row.index}`).toBeGreaterThan(0);
    }
    const legend = await page.$eval('#instances-legend', (p) => p.textContent);
    expect(legend).toContain('explain class “1” (the default for a binary label');
    expect(await page.$$eval('#instances-table th', (t) => t.map((x) => x.textContent).slice(0, 3))).toEqual(['#', 'p(1)', 'predicted']);
    const tops = await page.$$eval('tr.instance-row', (rows) => rows.map((r) => r.children[3].textContent));
    expect(new Set(tops)).toEqual(new Set(['income, net']));
    await screenshot(page, '2-csv-results', '#results');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('explained for the predicted class of each row on request: the legend warns, the sign follows the class', async () => {
    const { page, problems } = await openPage(browser);
    await upload(page, csvFile('loans.csv', quotedCsv()));
    await page.selectOption('#target', 'predicted');
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '20');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    // Towards the predicted class c, LR's gradient is p(1 − p)(w_c − w_other): income pushes
    // towards approval (1) and away from refusal (0), so its sign is the predicted class's.
    const predicted = new Set(result.rows.map((r) => r.predicted));
    expect(predicted).toEqual(new Set([0, 1]));
    for (const row of result.rows) {
      expect(row.target).toBe(row.predicted);
      expect(Math.sign(row.attributions.Gradient[0]), `row ${row.index}`).toBe(row.predicted === 1 ? 1 : -1);
      expect(row.probability).toBeGreaterThanOrEqual(0.5);
    }
    expect(await page.$eval('#instances-legend', (p) => p.textContent)).toContain("explain each row's predicted class");
    expect(await page.$eval('#instances-table th:nth-child(2)', (t) => t.textContent)).toBe('p(predicted)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('with a 3-class text label: the classes are offered, the wording names the explained class', async () => {
    const text = quotedCsv(240, (income) => (income < 33_000 ? 'low' : income < 66_000 ? 'mid' : 'high'));
    const { page, problems } = await openPage(browser);
    await upload(page, csvFile('tiers.csv', text));
    // Text classes sorted, as @xai/data orders them: high, low, mid; the second is the default.
    expect(await page.$$eval('#target option', (o) => o.map((x) => x.textContent))).toEqual([
      'high',
      'low (default)',
      'mid',
      'the predicted class (per row)',
    ]);
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '5');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const body = await page.$eval('#results', (r) => r.textContent);
    expect(body).not.toContain('class 1');
    expect(body).toContain('p(low)');
    expect(body).toContain('explain class “low”');
    expect(body).not.toContain('binary');
    // No ground truth for a 3-class LR: only the prediction-gap metrics are drawn.
    expect(await page.$$eval('#charts figure', (f) => f.map((x) => x.id).sort())).toEqual(['chart-PGI', 'chart-PGU']);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('markup in a file name, column names and values', () => {
  it('stays text everywhere on the page: no element injected, no script run', async () => {
    const rand = seeded(3);
    const lines = ['"<img src=x onerror=""globalThis.pwned=1"">",age,city,approved'];
    const cities = ['<script>globalThis.pwned=2</script>', '<b onmouseover=alert(1)>Oslo</b>'];
    for (let i = 0; i < 120; i++) {
      const v = Math.round(rand() * 100);
      lines.push([v, 20 + Math.floor(rand() * 50), `"${cities[i % 2]}"`, v > 50 ? 1 : 0].join(','));
    }
    const { page, problems } = await openPage(browser);
    await upload(page, csvFile('"><img src=x onerror=globalThis.pwned=3>.csv', `${lines.join('\n')}\n`));
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '5');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const seen = await page.evaluate(() => ({
      pwned: globalThis.pwned ?? null,
      injected: document.querySelectorAll('img, b, #results script, #controls script').length,
      ownBold: document.querySelectorAll('.legend b').length,
      summary: document.querySelector('#summary').textContent,
      labels: [...document.querySelectorAll('#label option')].map((o) => o.textContent),
      axis: [...document.querySelectorAll('#instance svg text')].map((t) => t.textContent),
      features: globalThis.xaiExplorer.result.featureNames,
    }));
    expect(seen.pwned).toBeNull();
    // The page's own <b> in the legend is the only markup of its kind.
    expect(seen.injected).toBe(seen.ownBold);
    expect(seen.summary.startsWith('"><img src=x onerror=globalThis.pwned=3>.csv · logistic regression')).toBe(true);
    expect(seen.labels[0]).toBe('<img src=x onerror="globalThis.pwned=1">');
    expect(seen.features).toContain('city=<script>globalThis.pwned=2</script>');
    // Axis labels are SVG text (Vega shortens long ones with an ellipsis).
    expect(seen.axis.some((t) => t.startsWith('<img src=x onerror='))).toBe(true);
    expect(seen.axis.some((t) => t.startsWith('city=<b onmouseover='))).toBe(true);
    expect(seen.axis.some((t) => t.startsWith('city=<script>'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('refusals, up front and in plain words', () => {
  it('a numeric label is refused before any training, and the previous results are cleared', async () => {
    const { page, problems } = await openPage(browser);
    // A quick first job, so there are results on screen to clear.
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '5');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page)).toBe('done');
    expect(await page.$$eval('#charts figure', (f) => f.length)).toBeGreaterThan(0);
    await page.evaluate(() => {
      globalThis.seenMessages = [];
      new MutationObserver(() => globalThis.seenMessages.push(document.querySelector('#message').textContent)).observe(
        document.querySelector('#message'),
        { childList: true, characterData: true, subtree: true },
      );
    });
    await upload(page, csvFile('loans.csv', quotedCsv()));
    await pickLabel(page, 'age');
    const refused = await status(page);
    expect(refused.state).toBe('error');
    expect(refused.message).toMatch(/^loans\.csv: the label column "age" holds numbers .*regression target/);
    expect(refused.details).toMatch(/^details: BAD_INPUT: \[BAD_INPUT\] explorer: label:/);
    expect(await page.$$eval('#charts figure', (f) => f.length)).toBe(0);
    expect(await page.$eval('#summary', (s) => s.textContent)).toBe('');
    // Run refuses the same way, at once: the worker never gets to training.
    expect(await runJob(page)).toBe('error');
    expect((await status(page)).message).toContain('regression target');
    const seen = await page.evaluate(() => globalThis.seenMessages);
    expect(seen.some((m) => /^(training|trained)/.test(m))).toBe(false);
    await screenshot(page, '3-numeric-label-refused', '#controls');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a single class, a PNG, an empty file and too few instances: one sentence each, code in details', async () => {
    const { page, problems } = await openPage(browser);
    await upload(
      page,
      csvFile(
        'one.csv',
        quotedCsv(50, () => 1),
      ),
    );
    let s = await status(page);
    expect(s.message).toContain('the label "approved" has a single class "1"; a classifier needs two');
    expect(s.details).toContain('BAD_INPUT');

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await upload(page, csvFile('photo.png', png));
    s = await status(page);
    // @xai/data names the format from the first bytes; the page passes its sentence on.
    expect(s.message).toMatch(/^photo\.png: the file is a PNG image .*not UTF-8 CSV text/);
    expect(s.details).toContain('PARSE_ERROR');

    await upload(page, csvFile('empty.csv', ''));
    s = await status(page);
    expect(s.message).toMatch(/^empty\.csv: the file is empty .*Pick a CSV with a header line and data rows\.$/);

    await page.check('#source-synth');
    await page.fill('#instances', '2');
    expect(await runJob(page)).toBe('error');
    s = await status(page);
    expect(s.message).toBe('Instances must be a whole number from 5 to 1000 (got 2)');
    expect(s.details).toContain('BAD_OPTION');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('columns left out, and a model no better than chance', () => {
  /** quotedCsv with an id column and a free-text note in front: neither is a feature. */
  function withIdAndNote(rows = 200) {
    const [head, ...body] = quotedCsv(rows).trim().split('\n');
    const lines = body.map((line, i) => `${1000 + i},"called on day ${i}, said ${(i * 7919) % 1000}",${line}`);
    return `${[`id,note,${head}`, ...lines].join('\n')}\n`;
  }

  it('"leave out" drops an id and a free-text column as --ignore does; the label cannot be left out', async () => {
    const text = withIdAndNote();
    const { page, problems } = await openPage(browser);
    await upload(page, csvFile('calls.csv', text));
    // The free text is refused by the CLI's reader, whose advice names the tick.
    expect((await status(page)).message).toMatch(/column 2 \("note"\): text column .*Here: tick it under “leave out”\.$/);
    for (const name of ['id', 'note']) {
      await page.check(`input[name=ignore][value="${name}"]`);
      await page.waitForFunction(() => /^(ready|error)$/.test(document.body.dataset.state));
    }
    expect((await status(page)).state).toBe('ready');
    expect(await page.$eval('#file-status', (s) => s.textContent)).toContain('5 model features (text columns one-hot); left out: id, note');
    await page.check('input[name=ignore][value="approved"]');
    await page.waitForFunction(() => document.body.dataset.state === 'error');
    expect((await status(page)).message).toBe(
      'The label “approved” cannot be left out: untick it under “leave out”, or pick another label',
    );
    await page.uncheck('input[name=ignore][value="approved"]');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');

    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '10');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    // the CLI's reader with --ignore id,note gives the same model columns
    expect(result.featureNames).toEqual(parseUserDataset(text, { label: 'approved', ignore: ['id', 'note'] }).schema.names);
    expect(result.featureNames).toEqual(['income, net', 'age', 'city=Bergen', 'city=Oslo', 'city=Tromsø, N']);
    expect(await page.$eval('#summary', (s) => s.textContent)).toContain('left out: id, note');
    // income decides the label: no below-chance warning
    expect(await page.$eval('#chance-warning', (p) => p.hidden)).toBe(true);
    await screenshot(page, '10-leave-out', '#controls');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('warns beside the scores when the model is not above the base rate (a label the features cannot predict)', async () => {
    const rand = seeded(11);
    const lines = ['a,b,c,y'];
    // y is drawn apart from a, b, c (30 % ones): no model beats always guessing 0 but by luck
    for (let i = 0; i < 240; i++) lines.push([rand(), rand(), rand(), rand() < 0.3 ? 1 : 0].map(String).join(','));
    const text = `${lines.join('\n')}\n`;
    const { page, problems } = await openPage(browser);
    await upload(page, csvFile('noise.csv', text));
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '10');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    // the base rate from the CLI's reader: the commonest label's share of the test split
    const test = parseUserDataset(text, { label: 'y' }).test.y;
    const ones = test.reduce((s, v) => s + v, 0);
    expect(result.chance.baseRate).toBe(Math.max(ones, test.length - ones) / test.length);
    expect(result.accuracy.test).toBeLessThanOrEqual(result.chance.baseRate);
    const warning = await page.$eval('#chance-warning', (p) => (p.hidden ? null : p.textContent));
    expect(warning).toMatch(/^⚠ noise\.csv · logistic regression: the model .* — its explanations are not worth scoring\.$/);
    expect(warning).toBe(`⚠ ${result.chance.warning}`);
    await screenshot(page, '11-below-chance', '#results');
    expect(problems).toEqual([]);
    await page.close();
  });
});
