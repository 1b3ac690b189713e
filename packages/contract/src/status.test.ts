import { describe, expect, it } from 'vitest';
import {
  CLOSED_STATUSES,
  COMPLAINT_STATUSES,
  isClosed,
  isOpen,
  mayStillMessage,
  messagingOpenUntil,
  OPEN_STATUSES,
} from './index';

const DAY = 24 * 60 * 60 * 1000;

describe('open and closed statuses', () => {
  it('calls Resolved and Rejected closed, Pending and In Progress open, each status exactly one', () => {
    expect(CLOSED_STATUSES).toEqual(['Resolved', 'Rejected']);
    expect(OPEN_STATUSES).toEqual(['Pending', 'In Progress']);
    for (const s of COMPLAINT_STATUSES) expect(isOpen(s)).toBe(!isClosed(s));
  });
});

describe('the 14-day message window (CONTRACT 5.2, 5.4)', () => {
  const closedAt = Date.UTC(2026, 0, 1, 6, 30);

  it('ends 14 days to the millisecond after the closing change', () => {
    expect(messagingOpenUntil(closedAt)).toBe(closedAt + 14 * DAY);
  });

  it('still takes a message at its last millisecond, and not one millisecond later', () => {
    const last = closedAt + 14 * DAY;
    for (const status of CLOSED_STATUSES) {
      expect(mayStillMessage(status, closedAt, last)).toBe(true);
      expect(mayStillMessage(status, closedAt, last + 1)).toBe(false);
    }
  });

  it('is always open while the complaint is', () => {
    for (const status of OPEN_STATUSES)
      expect(mayStillMessage(status, closedAt, closedAt + 365 * DAY)).toBe(true);
  });
});
