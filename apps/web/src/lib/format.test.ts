import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatWeight } from '@/lib/format';

describe('formatters', () => {
  it('money in GEL with Georgian grouping', () => {
    expect(formatMoney(1234.5)).toBe('1\u00a0234,50\u00a0₾');
  });
  it('weight with 2 decimals and კგ', () => {
    expect(formatWeight(1.5)).toBe('1,50\u00a0კგ');
  });
  it('dates in Georgian with a weekday and 24-hour times', () => {
    expect(formatDate('2025-05-05T10:00:00')).toBe('ორშაბათი, 5 მაისი 2025');
    expect(formatDateTime('2025-05-05T15:30:00')).toBe('5 მაისი 2025, 15:30');
  });
});
