import { describe, expect, it } from 'vitest';
import { workerV8Flags } from './worker-flags';

describe('workerV8Flags', () => {
  it('caps the young and the old generation of a worker by default', () => {
    expect(workerV8Flags('')).toEqual(['--max-semi-space-size=4', '--max-old-space-size=128']);
    expect(workerV8Flags('--enable-source-maps')).toEqual([
      '--max-semi-space-size=4',
      '--max-old-space-size=128',
    ]);
  });

  it('leaves a heap limit the operator set to the operator, however it is spelled', () => {
    for (const own of [
      '--max-old-space-size=512',
      '--max_old_space_size=512',
      '--max-heap-size=512',
      '--max_heap_size=512',
    ])
      expect(workerV8Flags(own), own).toEqual(['--max-semi-space-size=4']);
    for (const own of ['--max-semi-space-size=16', '--max_semi_space_size=16', '--min-semi-space-size=8'])
      expect(workerV8Flags(own), own).toEqual(['--max-old-space-size=128']);
  });
});
