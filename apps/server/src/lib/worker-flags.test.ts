import { describe, expect, it } from 'vitest';
import { workerV8Flags } from './worker-flags';

describe('workerV8Flags', () => {
  it('caps the young and the old generation of a worker by default', () => {
    expect(workerV8Flags('')).toEqual(['--max-semi-space-size=4', '--max-old-space-size=128']);
  });

  it('leaves a heap limit the operator set to the operator', () => {
    expect(workerV8Flags('--max-old-space-size=512')).toEqual(['--max-semi-space-size=4']);
    expect(workerV8Flags('--max_old_space_size=512')).toEqual(['--max-semi-space-size=4']);
    expect(workerV8Flags('--max-heap-size=512')).toEqual(['--max-semi-space-size=4']);
    expect(workerV8Flags('--max-semi-space-size=16')).toEqual(['--max-old-space-size=128']);
  });
});
