// Child process for the lock tests: takes the lease on argv[2], says so, and holds it until killed.
import { acquireRunLock } from '../run/runLock.js';

const lock = await acquireRunLock(process.argv[2] as string, 'xai bench', { heartbeat: false });
process.stdout.write(`held ${lock.token}\n`);
setInterval(() => {}, 1 << 30);
