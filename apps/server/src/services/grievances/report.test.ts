import { describe, expect, it } from 'vitest';
import { medianOfList } from './report';

/** The median as the report computed it before (split, sorted): what medianOfList must equal. */
function sortedMedian(list: string): number | null {
  const values = list.split(',').map(Number);
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 === 1
    ? (values[mid] as number)
    : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}

describe('medianOfList', () => {
  it('gives the middle value of an odd count and the mean of the two middle ones of an even count', () => {
    expect(medianOfList('7')).toBe(7);
    expect(medianOfList('12,3,7')).toBe(7);
    expect(medianOfList('8,7')).toBe(7.5);
    expect(medianOfList('10,0,0,10')).toBe(5);
    expect(medianOfList('5,5,5,5')).toBe(5);
    expect(medianOfList('0')).toBe(0);
  });

  it('equals the sorted median on many random lists of working days', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let t = 0; t < 500; t++) {
      const length = 1 + Math.floor(random() * 60);
      const spread = 1 + Math.floor(random() * 150);
      const list = Array.from({ length }, () => Math.floor(random() * spread)).join(',');
      expect(medianOfList(list)).toBe(sortedMedian(list));
    }
  });

  it('takes the sort for anything but whole numbers and commas', () => {
    expect(medianOfList('-3,4,1')).toBe(1);
    expect(medianOfList('2.5,1,4')).toBe(2.5);
    expect(medianOfList('1,4000000000,2')).toBe(2);
  });
});
