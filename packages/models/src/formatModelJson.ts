import type { ModelJson } from './modelJson.js';

/** Shortest text that parses back to the same double, −0 included. */
function number(v: number): string {
  // String(v) (as JSON.stringify) is the shortest round-trip form but writes −0 as "0";
  // JSON.parse('-0') gives −0 back, so writing "-0" keeps the file an exact image of the
  // weights (1/w and the sign bit survive save → load) and stays byte-stable.
  return Object.is(v, -0) ? '-0' : String(v);
}

function numbers(values: readonly number[]): string {
  return `[${values.map(number).join(', ')}]`;
}

/**
 * The canonical text of a model file: fixed key order, one weight row per line, numbers
 * in their shortest round-trip form (−0 written as `-0`, so the sign survives), a final
 * newline. `formatModelJson(toModelJson(
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
