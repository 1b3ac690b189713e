import { describe, expect, it } from 'vitest';
import { cpuWindow, parseStat } from '../../bench/cpu';

describe('the bench CPU meter', () => {
  it('reads a process line whose command holds spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const line = '4242 (postgres: a (b) c) S 77 4242 4242 0 -1 4194560 10 0 0 0 150 25 300 40 20 0 1 0';
    expect(parseStat(line)).toEqual({ command: 'postgres: a (b) c', ppid: 77, own: 175, children: 340 });
  });

  it('counts the CPU this process spends in a window as the load generator', () => {
    const window = cpuWindow(() => []);
    // 50 ms of this process's own CPU, however long other processes keep it waiting
    const start = process.cpuUsage();
    let x = 0;
    while (process.cpuUsage(start).user < 50_000) x += Math.sqrt(x + 1);
    const use = window.stop();
    expect(x).toBeGreaterThan(0);
    expect(use.load).toBeGreaterThanOrEqual(50);
    expect(use.server).toBe(0);
    // not asked to: an idle PostgreSQL on the machine is not the app's
    expect(use.postgres).toBe(0);
    expect(use.busy).toBeGreaterThan(0);
  });
});
