/** At most `slots` tasks run at once; the others wait for a slot in the order they came. */
export interface Semaphore {
  readonly slots: number;
  /** tasks holding a slot now */
  readonly running: number;
  /** tasks waiting for one */
  readonly waiting: number;
  /** Runs `task` once a slot is free, and frees it when the task settles, whether it succeeds or fails. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSemaphore(slots: number): Semaphore {
  if (!Number.isInteger(slots) || slots < 1)
    throw new RangeError(`A semaphore needs 1 slot or more, not ${slots}`);
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // the slot passes straight to the next in line, so a task that arrives meanwhile cannot take it first
    if (next) next();
    else running--;
  };
  return {
    slots,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
