// Vega measures text on a canvas it asks `document` for, and estimates widths without one (too
// wide: charts then grow to fit titles that are not that long). A worker has no document but has
// OffscreenCanvas: this stand-in hands Vega one, so labels and titles are measured as on the page.
// It must be imported before Vega (module evaluation order).
if (typeof document === 'undefined' && typeof OffscreenCanvas === 'function') {
  globalThis.document = { createElement: (tag) => (tag === 'canvas' ? new OffscreenCanvas(1, 1) : null) };
}
