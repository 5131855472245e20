// The README's quickstart (examples/quickstart.mjs) runs as written, against the built dist.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRng, predictLabels } from '@xai/core';
import { createAnn } from '@xai/models';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('examples/quickstart.mjs', () => {
  it('prints the discovery of the exported ANN and finite gradients equal to the TS ANN’s', () => {
    expect(existsSync(`${root}/dist/node.js`), 'build first: pnpm --filter @xai/onnx build').toBe(true);
    const stdout = execFileSync(process.execPath, ['examples/quickstart.mjs'], { cwd: root, encoding: 'utf8' });
    const lines = stdout.trim().split('\n');
    // 20-100-100-2 ANN: three Gemms, ReLU between them, a softmax head; imported for exact gradients.
    expect(lines[0]).toBe('probabilities probabilities Gemm → Relu → Gemm → Relu → Gemm → Softmax autodiff');
    const grad = /^gradient row 0 (.*)$/
      .exec(lines[1] ?? '')?.[1]
      ?.trim()
      .split(/\s+/)
      .map(Number);
    const lime = /^LIME row 0\s+(.*)$/
      .exec(lines[2] ?? '')?.[1]
      ?.trim()
      .split(/\s+/)
      .map(Number);
    expect(grad).toHaveLength(4);
    expect(lime).toHaveLength(4);
    for (const v of [...grad!, ...lime!]) expect(Number.isFinite(v)).toBe(true);
    // The same ANN and rows in pure TS: its exact gradient (the graph holds float32 weights,
    // and the script prints 4 decimals).
    const ann = createAnn(20, { seed: 0 });
    const data = new Float64Array(5 * 20);
    createRng(1).fillUniform(data);
    const x = { rows: 5, cols: 20, data };
    const g = ann.inputGradient(x, predictLabels(ann, x));
    grad!.forEach((v, j) => expect(Math.abs(v - g.data[j]!)).toBeLessThanOrEqual(5e-5 + 1e-6));
    expect(grad!.some((v) => v !== 0)).toBe(true);
  });

  it("is the README's quickstart block (from the first import on; the README imports @xai/onnx/node)", () => {
    const readme = readFileSync(`${root}/README.md`, 'utf8');
    const block = /## Quickstart[^\n]*\n+```js\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const script = readFileSync(`${root}/examples/quickstart.mjs`, 'utf8');
    const from = (text: string): string => text.slice(text.indexOf('import { writeFileSync }'));
    expect(block).toContain('import { writeFileSync }');
    expect(from(block)).toBe(from(script).replace("'../dist/node.js'", "'@xai/onnx/node'"));
  });
});
