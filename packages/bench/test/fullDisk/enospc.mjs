// Preloaded with `node --import` where no small tmpfs can be mounted: every write into a file
// under $XAI_TEST_FULL_DIR fails with ENOSPC, as on a full disk (creating files and folders
// still works, as it does on a full tmpfs).
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

const root = `${resolve(process.env.XAI_TEST_FULL_DIR ?? '/nonexistent')}/`;
const under = (p) => (typeof p === 'string' || p instanceof URL) && resolve(String(p)).startsWith(root);
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
const fds = new Set();

const { openSync, closeSync, writeSync, writeFileSync, appendFileSync } = fs;
fs.openSync = (p, ...rest) => {
  const fd = openSync(p, ...rest);
  if (under(p)) fds.add(fd);
  return fd;
};
fs.closeSync = (fd) => {
  fds.delete(fd);
  return closeSync(fd);
};
fs.writeSync = (fd, ...rest) => {
  if (fds.has(fd)) throw enospc();
  return writeSync(fd, ...rest);
};
for (const [name, original] of [
  ['writeFileSync', writeFileSync],
  ['appendFileSync', appendFileSync],
]) {
  fs[name] = (p, ...rest) => {
    if (under(p) || fds.has(p)) throw enospc();
    return original(p, ...rest);
  };
}
const { open, writeFile, appendFile } = fs.promises;
fs.promises.open = async (p, ...rest) => {
  const h = await open(p, ...rest);
  if (under(p))
    for (const m of ['write', 'writeFile', 'appendFile'])
      h[m] = async () => {
        throw enospc();
      };
  return h;
};
for (const [name, original] of [
  ['writeFile', writeFile],
  ['appendFile', appendFile],
]) {
  fs.promises[name] = async (p, ...rest) => {
    if (under(p)) throw enospc();
    return original(p, ...rest);
  };
}
syncBuiltinESMExports();
