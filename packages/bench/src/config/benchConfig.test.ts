import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_DEFAULTS, FULL_INSTANCES, parseShard, resolveBenchConfig, runIdentity } from './benchConfig.js';

const cwd = mkdtempSync(join(tmpdir(), 'xai-config-'));

describe('resolveBenchConfig', () => {
  it('fills the documented defaults', () => {
    const c = resolveBenchConfig(undefined, {}, { cwd, cores: 3 });
    expect(c.datasets).toEqual(['synthetic']);
    expect(c.models).toEqual(['lr', 'ann']);
    expect(c.explainers).toEqual(['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime']);
    expect(c.metrics).toHaveLength(11);
    expect(c.instances).toBe(100);
    expect(c.workers).toBe(3);
    expect(c.preset).toBe('default');
    expect(c.shard).toBeNull();
    expect(c.out).toBe(join(cwd, BENCH_DEFAULTS.out));
    expect(c.stabilityNeighbours).toBe(100);
  });
  it('puts lists in canonical order and expands all', () => {
    const c = resolveBenchConfig({}, { explainers: 'lime, grad', metrics: 'pgi,fa', models: 'all' }, { cwd });
    expect(c.explainers).toEqual(['grad', 'lime']);
    expect(c.metrics).toEqual(['FA', 'PGI']);
    expect(c.models).toEqual(['lr', 'ann']);
    // datasets: 'all' is resolved at run time (synthetic + the datasets found)
    expect(resolveBenchConfig({}, { datasets: 'all,adult' }, { cwd }).datasets).toEqual(['adult', 'all']);
  });
  it('lets flags win over the file and checks the file keys', () => {
    const c = resolveBenchConfig({ instances: 7, seed: 3, explainers: ['ig'] }, { instances: '9' }, { cwd });
    expect(c.instances).toBe(9);
    expect(c.seed).toBe(3);
    expect(c.explainers).toEqual(['ig']);
    expect(() => resolveBenchConfig({ instance: 5 }, {}, { cwd })).toThrow(/BAD_OPTION.*unknown key "instance"/);
    expect(() => resolveBenchConfig([], {}, { cwd })).toThrow(/JSON object/);
  });
  it('maps --full to the protocol instance count', () => {
    expect(resolveBenchConfig({}, { full: true }, { cwd }).instances).toBe(FULL_INSTANCES);
    expect(() => resolveBenchConfig({}, { full: true, instances: '10' }, { cwd })).toThrow(/--full means 1000/);
  });
  it('rejects bad values naming the key and the value', () => {
    expect(() => resolveBenchConfig({}, { workers: '0' }, { cwd })).toThrow(/workers.*"0"/);
    expect(() => resolveBenchConfig({}, { seed: '1.5' }, { cwd })).toThrow(/seed/);
    expect(() => resolveBenchConfig({}, { resume: 'yes' }, { cwd })).toThrow(/resume.*true or false/);
    expect(() => resolveBenchConfig({}, { datasets: [] }, { cwd })).toThrow(/datasets/);
    expect(() => resolveBenchConfig({}, { dataDir: '' }, { cwd })).toThrow(/dataDir/);
  });
  it('parses shards 1-based', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(resolveBenchConfig({ shard: { index: 1, count: 2 } }, {}, { cwd }).shard).toEqual({ index: 1, count: 2 });
    expect(() => parseShard('0/4')).toThrow(/1 <= i <= n/);
    expect(() => parseShard('5/4')).toThrow(/1 <= i <= n/);
    expect(() => parseShard('x')).toThrow(/i\/n/);
  });
  it('keeps where, how many workers and which shard out of the run identity', () => {
    const a = resolveBenchConfig({}, { out: 'a', workers: '1', shard: '1/2', resume: true }, { cwd });
    const b = resolveBenchConfig({}, { out: 'b', workers: '2' }, { cwd });
    expect(runIdentity(a)).toEqual(runIdentity(b));
    expect(runIdentity(resolveBenchConfig({}, { seed: '1' }, { cwd }))).not.toEqual(runIdentity(b));
  });
});

describe('the backend setting', () => {
  it('takes pure as the name of the default path (ts), js and ort as given, nothing else', () => {
    const backend = (flag?: string) => resolveBenchConfig({}, flag === undefined ? {} : { backend: flag }, { cwd }).backend;
    expect([backend(), backend('pure'), backend('ts'), backend('js'), backend('ort')]).toEqual(['ts', 'ts', 'ts', 'js', 'ort']);
    expect(() => backend('wasm')).toThrow(/backend: expected ts, js or ort \(pure = ts\), got "wasm"/);
  });
});
