import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { hoverTitles } from '@xai/explainers/explanationPlots';
import type { TopLevelSpec } from 'vega-lite';

type Vega = typeof import('vega');
type VegaLite = typeof import('vega-lite');

let libs: Promise<[Vega, VegaLite]> | null = null;

/**
 * vega and vega-lite are ESM-only (vega uses top-level await), so they are loaded lazily with
 * `import()`: the CJS build of this package can still be `require`d, and the CLI pays for
 * them only when it draws.
 */
function loadVega(): Promise<[Vega, VegaLite]> {
  if (libs === null) {
    if (import.meta.url.endsWith('.cjs')) {
      // The CJS build rewrites import('vega') into require('vega'), which cannot load vega;
      // an import() made by Function from the resolved file URL survives that rewrite.
      const load = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
      const resolve = createRequire(import.meta.url).resolve;
      libs = Promise.all([
        load(pathToFileURL(resolve('vega')).href) as Promise<Vega>,
        load(pathToFileURL(resolve('vega-lite')).href) as Promise<VegaLite>,
      ]);
    } else {
      libs = Promise.all([import('vega'), import('vega-lite')]);
    }
  }
  return libs;
}

/**
 * A Vega-Lite spec compiled to Vega and rendered headless to an SVG string (no DOM, no
 * network: the data must be inline).
 * @since 0.1.0
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [{ View, parse }, { compile }] = await loadVega();
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * Vega numbers its gradient and clip ids from a process-wide counter: renumbered by first use
 * within the picture, under a per-picture prefix, so the same results give the same bytes and
 * two pictures inlined in one page never share an id.
 */
function stableIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  // Only in id="…" and url(#…): a feature named `clip3` in an axis label stays as it is.
  return svg.replace(/(id="|url\(#)((gradient_|clip)\d+)(?=[")])/g, (_m, lead: string, id: string, kind: string) => {
    if (!ids.has(id)) ids.set(id, `${prefix}-${kind.replace('_', '')}${ids.size}`);
    return `${lead}${ids.get(id)!}`;
  });
}

/**
 * {@link renderSvg} with the picture's ids made stable and unique under `prefix` (for SVG
 * inlined in a page beside others, or written to a file that must not change between runs).
 * @since 0.3.0
 */
export async function renderFigureSvg(spec: TopLevelSpec, prefix: string): Promise<string> {
  return roundTranslations(hoverTitles(stableIds(await renderSvg(spec), prefix)));
}

/** Mark positions to 0.01 px (Vega writes up to 15 decimals): the same picture, a third fewer bytes for a plot of many dots. */
function roundTranslations(svg: string): string {
  const r = (v: string): string => String(Math.round(Number(v) * 100) / 100);
  return svg.replace(
    /transform="translate\((-?[\d.e-]+),(-?[\d.e-]+)\)"/g,
    (_m, x: string, y: string) => `transform="translate(${r(x)},${r(y)})"`,
  );
}
