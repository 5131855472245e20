import type { Preprocessing } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import type { ModelJson } from './modelJson.js';
import type { NeuralModel } from './neuralModel.js';
import { toModelJson } from './toModelJson.js';
import { readModelJson } from './internal/readModelJson.js';
import { isObject } from './internal/fields.js';

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

function strings(values: readonly string[]): string {
  return `[${values.map((s) => JSON.stringify(s)).join(', ')}]`;
}

/** The canonical lines of a (validated, canonical-order) preprocessing block, indented by two. */
function preprocessingLines(p: Preprocessing): string[] {
  const fields: string[] = [];
  fields.push(`"features": ${strings(p.features)}`);
  fields.push(`"kinds": ${strings(p.kinds)}`);
  if (p.groups !== undefined) fields.push(`"groups": [${p.groups.map((g) => numbers(g)).join(', ')}]`);
  if (p.categorical !== undefined) {
    const items = p.categorical.map(
      (c, i) => `      {"column": ${JSON.stringify(c.column)}, "values": ${strings(c.values)}}${i + 1 < p.categorical!.length ? ',' : ''}`,
    );
    fields.push(items.length === 0 ? '"categorical": []' : `"categorical": [\n${items.join('\n')}\n    ]`);
  }
  const s = p.scaler;
  if (s.kind === 'min-max') fields.push(`"scaler": {"kind": "min-max", "min": ${numbers(s.min)}, "max": ${numbers(s.max)}}`);
  else if (s.kind === 'standard') fields.push(`"scaler": {"kind": "standard", "mean": ${numbers(s.mean)}, "std": ${numbers(s.std)}}`);
  else fields.push('"scaler": {"kind": "none"}');
  if (p.label !== undefined)
    fields.push(
      `"label": {"name": ${JSON.stringify(p.label.name)}${p.label.classes !== undefined ? `, "classes": ${strings(p.label.classes)}` : ''}}`,
    );
  if (p.task !== undefined) fields.push(`"task": ${JSON.stringify(p.task)}`);
  if (p.ignore !== undefined) fields.push(`"ignore": ${strings(p.ignore)}`);
  return ['  "preprocessing": {', ...fields.map((f, i) => `    ${f}${i + 1 < fields.length ? ',' : ''}`), '  }'];
}

/** A NeuralModel-like object (layers over typed arrays) rather than a plain JSON object. */
function isModelObject(v: unknown): v is NeuralModel {
  if (!isObject(v) || !Array.isArray(v.layers)) return false;
  const first: unknown = v.layers[0];
  return isObject(first) && isObject(first.weight) && ArrayBuffer.isView(first.weight.data);
}

/**
 * The canonical text of a model file: fixed key order, one weight row per line, numbers
 * in their shortest round-trip form (−0 written as `-0`, so the sign survives), a final
 * newline. Takes the model itself or its JSON object (`toModelJson`); the JSON is
 * validated first with `fromModelJson`'s checks (errors name `formatModelJson` and the
 * field), so it never writes a file the reader would refuse; metadata that JSON cannot
 * hold (BigInt, cycles) → BAD_INPUT. `formatModelJson(fromModelJson(JSON.parse(text)))`
 * returns `text` again for any text it produced, preprocessing block included.
 * @example const text = formatModelJson(model) // then write it, or saveModel from '@xai/models/node'
 * @since 0.1.0 (accepts a model since 0.2.0)
 */
export function formatModelJson(value: ModelJson | NeuralModel): string {
  const fn = 'formatModelJson';
  if (!isObject(value))
    throw new XaiError('BAD_INPUT', `expected a model or its JSON object (toModelJson), got ${describeValue(value)}`, {
      fn,
      arg: 'model',
      value,
    });
  if (typeof (value as { predictProba?: unknown }).predictProba === 'function' && !isModelObject(value)) {
    throw new XaiError(
      'NOT_SUPPORTED',
      'this model has no dense layers to write (only models from createMlp, createAnn, createLogisticRegression or fromModelJson, or their toModelJson objects, can be formatted)',
      { fn, arg: 'model', value: describeValue(value) },
    );
  }
  const json: ModelJson = isModelObject(value) ? toModelJson(value) : (value as ModelJson);
  const checked = readModelJson(json, fn, 'model');
  const metadata = checked.metadata === undefined ? undefined : JSON.stringify(checked.metadata, null, 2);
  const lines: string[] = ['{'];
  lines.push(`  "format": ${JSON.stringify(json.format)},`);
  lines.push(`  "kind": ${JSON.stringify(json.kind)},`);
  lines.push(`  "inputDim": ${json.inputDim},`);
  lines.push(`  "classes": ${json.classes},`);
  lines.push('  "layers": [');
  json.layers.forEach((layer, l) => {
    lines.push('    {');
    lines.push('      "weight": [');
    layer.weight.forEach((r, i) => {
      lines.push(`        ${numbers(r)}${i + 1 < layer.weight.length ? ',' : ''}`);
    });
    lines.push('      ],');
    lines.push(`      "bias": ${numbers(layer.bias)},`);
    lines.push(`      "activation": ${JSON.stringify(layer.activation)}`);
    lines.push(`    }${l + 1 < json.layers.length ? ',' : ''}`);
  });
  lines.push('  ],');
  const tail: string[][] = [];
  if (checked.preprocessing !== undefined) tail.push(preprocessingLines(checked.preprocessing));
  if (checked.performance !== undefined) tail.push([`  "performance": ${JSON.stringify(checked.performance)}`]);
  if (metadata !== undefined) tail.push([`  "metadata": ${metadata.replace(/\n/g, '\n  ')}`]);
  lines.push(`  "output": ${JSON.stringify(json.output)}${tail.length > 0 ? ',' : ''}`);
  tail.forEach((block, b) => {
    if (b + 1 < tail.length) block[block.length - 1] += ',';
    lines.push(...block);
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
