// A reader that closes the pipe early (`xai --help | head -1`): the built CLI ends quietly with exit 0.
import { EventEmitter } from 'node:events';
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { endQuietlyOnBrokenPipe } from '../src/cli/cliIo.js';
import { CLI, assertBuilt } from './spawnCli.js';

describe('EPIPE on stdout', () => {
  beforeAll(assertBuilt);

  it('xai --help into a closed pipe: exit 0, nothing on stderr', async () => {
    const child = spawn(process.execPath, [CLI, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first write: that write fails with EPIPE
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('other stream errors are not swallowed', () => {
    const stream = new EventEmitter();
    const codes: number[] = [];
    endQuietlyOnBrokenPipe(stream, (c) => codes.push(c));
    stream.emit('error', Object.assign(new Error('broken'), { code: 'EPIPE' }));
    expect(codes).toEqual([0]);
    expect(() => stream.emit('error', Object.assign(new Error('full'), { code: 'ENOSPC' }))).toThrow('full');
  });
});
