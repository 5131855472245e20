// A worker-pool fixture: each unit awaits a timer mid-way and reports how many units of its thread
// were running at that moment and in which order the thread started them.
let running = 0;
let started = 0;

export function createUnitRunner(): (unit: { id: string }) => Promise<unknown[]> {
  return async (unit) => {
    running++;
    const order = started++;
    await new Promise((resolve) => setTimeout(resolve, 2));
    const overlapping = running;
    running--;
    return [{ id: unit.id, order, overlapping }];
  };
}
