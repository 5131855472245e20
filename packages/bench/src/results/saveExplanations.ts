import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '@xai/core/node';
import { join } from 'node:path';
import { withIo } from '../system/ioError.js';
import type { Unit } from '../run/planUnits.js';

/** Header of a `.f64` attributions file (written beside it as `<name>.json`). */
export interface F64Header {
  readonly format: 'xai-attributions-f64@1';
  readonly dtype: 'float64';
  readonly byteOrder: 'little';
  /** Row-major: `rows x cols` doubles, nothing else in the file. */
  readonly rows: number;
  readonly cols: number;
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  /** Test-instance index of each row. */
  readonly instances: readonly number[];
  readonly features: readonly string[];
  readonly preset: string;
  readonly seed: number;
  /** sha256 of the `.f64` bytes. */
  readonly sha256: string;
}

const blockPath = (out: string, unit: Unit): string => join(out, 'explanations', 'blocks', `${unit.id.replace(/\//g, '__')}.f64`);

/**
 * Keeps one unit's attributions (`--save-explanations`) as a block file under
 * `<out>/explanations/blocks/`, written atomically, so a resumed run keeps finished blocks.
 * @since 0.2.0
 */
export function writeExplanationBlock(out: string, unit: Unit, attributions: { readonly cols: number; readonly data: Float64Array }): void {
  const path = blockPath(out, unit);
  withIo('create', join(out, 'explanations', 'blocks'), 'saveExplanations', () =>
    mkdirSync(join(out, 'explanations', 'blocks'), { recursive: true }),
  );
  const bytes = Buffer.from(attributions.data.buffer, attributions.data.byteOffset, attributions.data.byteLength);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(attributions.cols, 0);
  writeFileAtomicSync(path, Buffer.concat([head, bytes]), 'saveExplanations');
}

/**
 * Assembles the blocks into one file set per dataset x model x explainer:
 * `<dataset>-<model>-<explainer>.csv` (header `instance,<feature names>`, one line per
 * instance), and `.f64` (raw little-endian float64, row-major) with its `.json` header.
 * Units whose block is missing (reused from a run without the flag) are listed, not hidden.
 * @since 0.2.0
 */
export function assembleExplanations(
  out: string,
  units: readonly Unit[],
  info: {
    readonly features: (dataset: string) => readonly string[] | undefined;
    readonly preset: string;
    readonly seed: number;
  },
): { files: string[]; missingBlocks: string[] } {
  const groups = new Map<string, Unit[]>();
  for (const u of units) {
    if (u.kind !== 'explainer') continue;
    const k = `${u.dataset}-${u.model}-${u.explainer}`;
    const list = groups.get(k) ?? [];
    list.push(u);
    groups.set(k, list);
  }
  const files: string[] = [];
  const missingBlocks: string[] = [];
  const dir = join(out, 'explanations');
  for (const [name, list] of groups) {
    list.sort((a, b) => a.start - b.start);
    const parts: Float64Array[] = [];
    const instances: number[] = [];
    let cols = 0;
    for (const u of list) {
      const path = blockPath(out, u);
      if (!existsSync(path)) {
        missingBlocks.push(u.id);
        continue;
      }
      const buf = withIo('read', path, 'saveExplanations', () => readFileSync(path));
      cols = buf.readUInt32LE(0);
      const data = new Float64Array(buf.buffer.slice(buf.byteOffset + 4, buf.byteOffset + buf.byteLength));
      parts.push(data);
      for (let i = 0; i < data.length / cols; i++) instances.push(u.start + i);
    }
    if (parts.length === 0) continue;
    const first = list[0]!;
    const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const p of parts) {
      all.set(p, o);
      o += p.length;
    }
    const features = info.features(first.dataset) ?? Array.from({ length: cols }, (_, j) => `x${j}`);
    const bytes = Buffer.from(all.buffer);
    const header: F64Header = {
      format: 'xai-attributions-f64@1',
      dtype: 'float64',
      byteOrder: 'little',
      rows: instances.length,
      cols,
      dataset: first.dataset,
      model: first.model,
      explainer: first.explainer,
      instances,
      features: [...features],
      preset: info.preset,
      seed: info.seed,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    const csv = [
      ['instance', ...features].join(','),
      ...instances.map((inst, i) => [inst, ...Array.from(all.subarray(i * cols, (i + 1) * cols), (v) => String(v))].join(',')),
    ];
    const write = (f: string, data: string | Buffer): void => {
      const p = join(dir, f);
      writeFileAtomicSync(p, data, 'saveExplanations');
      files.push(p);
    };
    write(`${name}.csv`, `${csv.join('\n')}\n`);
    write(`${name}.f64`, bytes);
    write(`${name}.json`, `${JSON.stringify(header, null, 2)}\n`);
  }
  return { files, missingBlocks };
}

/**
 * Reads a `.f64` attributions file with its `.json` header (checks the hash and the size).
 * @example const { header, data } = readF64('out/explanations/synthetic-lr-grad.f64')
 * @since 0.2.0
 */
export function readF64(path: string): { header: F64Header; data: Float64Array } {
  const header = JSON.parse(
    withIo('read', path.replace(/\.f64$/, '.json'), 'readF64', () => readFileSync(path.replace(/\.f64$/, '.json'), 'utf8')),
  ) as F64Header;
  const buf = withIo('read', path, 'readF64', () => readFileSync(path));
  const data = new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  return { header, data };
}
