/** At most `slots` tasks run at once; the others wait for a slot in the order they came. */
export interface Semaphore {
  readonly slots: number;
  /** the most tasks that may wait for a slot; one more is refused with QueueFullError */
  readonly maxWaiting: number;
  /** tasks holding a slot now */
  readonly running: number;
  /** tasks waiting for one */
  readonly waiting: number;
  /**
   * Runs `task` once a slot is free, and frees it when the task settles, whether it succeeds or fails.
   * When every slot is taken and `maxWaiting` tasks already wait, rejects with QueueFullError at once,
   * without running the task.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A task refused because the wait list was full: the caller answers "busy, try again" (503). */
export class QueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} tasks already wait for a slot`);
    this.name = 'QueueFullError';
  }
}

/**
 * `maxWaiting` bounds the wait list (unbounded by default): every waiting task holds what it will
 * work on (a photo's bytes) in memory, so a queue that only grows is memory that only grows.
 */
export function createSemaphore(slots: number, maxWaiting = Number.POSITIVE_INFINITY): Semaphore {
  if (!Number.isInteger(slots) || slots < 1)
    throw new RangeError(`A semaphore needs 1 slot or more, not ${slots}`);
  if (!(maxWaiting === Number.POSITIVE_INFINITY || (Number.isInteger(maxWaiting) && maxWaiting >= 0)))
    throw new RangeError(`A semaphore's wait list holds 0 tasks or more, not ${maxWaiting}`);
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
    maxWaiting,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else if (queue.length >= maxWaiting) throw new QueueFullError(queue.length);
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
