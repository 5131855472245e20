import type { ModelJson } from './modelJson.js';

function numbers(values: readonly number[]): string {
  // String(v) is the shortest text that parses back to the same double (as JSON.stringify).
  return `[${values.map((v) => String(v)).join(', ')}]`;
}

/**
 * The canonical text of a model file: fixed key order, one weight row per line, numbers
 * in their shortest round-trip form, a final newline. `formatModelJson(toModelJson(
 * fromModelJson(JSON.parse(text))))` returns `text` again for any text it produced.
 * @since 0.1.0
 */
export function formatModelJson(json: ModelJson): string {
  const lines: string[] = ['{'];
  lines.push(`  "format": ${JSON.stringify(json.format)},`);
  lines.push(`  "kind": ${JSON.stringify(json.kind)},`);
  lines.push(`  "inputDim": ${json.inputDim},`);
  lines.push(`  "classes": ${json.classes},`);
  lines.push('  "layers": [');
  json.layers.forEach((layer, l) => {
    lines.push('    {');
    lines.push('      "weight": [');
    layer.weight.forEach((r, i) => lines.push(`        ${numbers(r)}${i + 1 < layer.weight.length ? ',' : ''}`));
    lines.push('      ],');
    lines.push(`      "bias": ${numbers(layer.bias)},`);
    lines.push(`      "activation": ${JSON.stringify(layer.activation)}`);
    lines.push(`    }${l + 1 < json.layers.length ? ',' : ''}`);
  });
  lines.push('  ],');
  if (json.metadata === undefined) {
    lines.push(`  "output": ${JSON.stringify(json.output)}`);
  } else {
    lines.push(`  "output": ${JSON.stringify(json.output)},`);
    lines.push(`  "metadata": ${JSON.stringify(json.metadata, null, 2).replace(/\n/g, '\n  ')}`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
