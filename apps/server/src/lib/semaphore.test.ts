import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

/** A task that holds its slot until the test lets it go, counting how many run at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('semaphore', () => {
  it('runs at most its number of slots at once, the others in the order they came', async () => {
    const queue = createSemaphore(3);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 10 }, gate);
    const all = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await g.opened;
        now--;
        return i;
      }),
    );
    await tick();
    expect([queue.running, queue.waiting, started]).toEqual([3, 7, [0, 1, 2]]);
    // one ends: exactly one more starts, the next in line
    gates[1]!.open();
    await tick();
    expect([queue.running, queue.waiting, started]).toEqual([3, 6, [0, 1, 2, 3]]);
    for (const g of gates) g.open();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails, or throws before its first await, and passes the error on', async () => {
    const queue = createSemaphore(1);
    await expect(queue.run(() => Promise.reject(new Error('corrupt image')))).rejects.toThrow(
      'corrupt image',
    );
    await expect(
      queue.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(queue.running).toBe(0);
    // a failure while others wait hands its slot on
    const failing = queue.run(async () => {
      await tick();
      throw new Error('late');
    });
    const next = queue.run(async () => 'ran');
    expect(queue.waiting).toBe(1);
    await expect(failing).rejects.toThrow('late');
    expect(await next).toBe('ran');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses fewer than one slot', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
    expect(() => createSemaphore(1.5)).toThrow(RangeError);
  });
});
