import { describe, expect, it } from 'vitest';
import { complaintStatusPath, rateComplaintPath } from './links';
import { tokenInAddress } from './status-page';

describe("the token in a screen's address", () => {
  it('is the first token, trimmed, from a query string or search params alike', () => {
    for (const search of ['?token=%20CMP-ABCDEFGHJK%20&token=CMP-OTHER', 'token=CMP-ABCDEFGHJK']) {
      expect(tokenInAddress(search), search).toBe('CMP-ABCDEFGHJK');
      expect(tokenInAddress(new URLSearchParams(search)), search).toBe('CMP-ABCDEFGHJK');
    }
  });

  it('is empty without one', () => {
    for (const search of [
      '',
      '?',
      '?token=',
      '?token=%20%20',
      '?token[]=CMP-ABCDEFGHJK',
      '?status=Pending',
    ]) {
      expect(tokenInAddress(search), search).toBe('');
    }
  });

  it('reads back what the links write', () => {
    const token = 'CMP-A&B C';
    for (const link of [complaintStatusPath(token), rateComplaintPath(token)]) {
      expect(tokenInAddress(link.slice(link.indexOf('?')))).toBe(token);
    }
  });
});
