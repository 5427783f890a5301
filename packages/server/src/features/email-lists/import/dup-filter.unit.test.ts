import { describe, expect, it } from 'vitest';
import { DupFilter } from './dup-filter.ts';

describe('DupFilter', () => {
  it('flags every repeat, also across growth, and rarely a newcomer', () => {
    const f = new DupFilter(); // starts small and grows
    let falsePositives = 0;
    for (let i = 0; i < 300_000; i++) if (f.seen(`user${i}@example.com`)) falsePositives++;
    for (let i = 0; i < 300_000; i += 7) expect(f.seen(`user${i}@example.com`)).toBe(true);
    expect(falsePositives).toBeLessThan(100); // ~n^2/2^33 = 10 expected
  });

  it('flags everything once full, so SQL decides', () => {
    const f = new DupFilter();
    // the table never grows past its cap in this test, but a full table must answer "maybe" for all
    (f as unknown as { count: number }).count = Number.MAX_SAFE_INTEGER;
    expect(f.seen('new@example.com')).toBe(true);
  });
});
