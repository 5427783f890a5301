import { describe, expect, it } from 'vitest';
import { nodemailerTransform, untouched } from './dot-stuffing.ts';

/** What nodemailer's own DataStream transform makes of `chunk` after a chunk ending in `lastByte`. */
function stuffed(chunk: Buffer, lastByte: number | false): Buffer {
  const out: Buffer[] = [];
  const state = { lastByte, inByteCount: 0, outByteCount: 0, push: (b: Buffer) => out.push(b) > 0 };
  nodemailerTransform.call(state, chunk, 'latin1', () => {});
  return Buffer.concat(out);
}

describe('dot-stuffing: the fast path (decision 1160)', () => {
  it('passes a chunk as it is only when nodemailer would output it unchanged', () => {
    const pieces = ['a', 'b', '.', '\r', '\n', '\r\n', '=\r\n', ' '];
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let fast = 0;
    for (let n = 0; n < 20_000; n++) {
      const len = 1 + Math.floor(rand() * 12);
      const chunk = Buffer.from(Array.from({ length: len }, () => pieces[Math.floor(rand() * pieces.length)]).join(''));
      const last = ([false, 10, 13, 46, 97] as const)[Math.floor(rand() * 5)]!;
      if (untouched(chunk, last)) {
        fast++;
        expect(stuffed(chunk, last).equals(chunk), JSON.stringify([chunk.toString(), last])).toBe(true);
      }
    }
    expect(fast).toBeGreaterThan(100);
  });

  it('leaves to nodemailer a dot starting a line, a bare CR or LF', () => {
    expect(untouched(Buffer.from('a\r\n.b'), false)).toBe(false);
    expect(untouched(Buffer.from('.b'), false)).toBe(false);
    expect(untouched(Buffer.from('.b'), 10)).toBe(false);
    expect(untouched(Buffer.from('a\nb'), false)).toBe(false);
    expect(untouched(Buffer.from('a\rb'), false)).toBe(false);
    expect(untouched(Buffer.from('\nb'), 13)).toBe(true);
    expect(untouched(Buffer.from('b'), 13)).toBe(false);
    expect(untouched(Buffer.from('<p>a=\r\nb</p>\r\n'), false)).toBe(true);
  });
});
