import { describe, expect, it } from 'vitest';
import { createSemaphore, QueueFullError } from './semaphore';

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

  it('refuses fewer than one slot, and a wait list of less than none', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
    expect(() => createSemaphore(1.5)).toThrow(RangeError);
    expect(() => createSemaphore(1, -1)).toThrow(RangeError);
    expect(() => createSemaphore(1, 0.5)).toThrow(RangeError);
  });

  it('refuses a task at once, never running it, when its wait list is full; takes tasks again once it has room', async () => {
    const queue = createSemaphore(2, 3);
    const gates = Array.from({ length: 5 }, gate);
    const ran: number[] = [];
    const held = gates.map((g, i) =>
      queue.run(async () => {
        ran.push(i);
        await g.opened;
        return i;
      }),
    );
    await tick();
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    let refusedRan = false;
    const refused = queue.run(async () => {
      refusedRan = true;
    });
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    expect(refusedRan).toBe(false);
    expect([queue.running, queue.waiting]).toEqual([2, 3]);
    // one ends: the next in line starts, and the wait list has room for one more
    gates[0]!.open();
    await tick();
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    const late = queue.run(async () => 'late');
    expect(queue.waiting).toBe(3);
    for (const g of gates) g.open();
    expect(await Promise.all([...held, late])).toEqual([0, 1, 2, 3, 4, 'late']);
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});
