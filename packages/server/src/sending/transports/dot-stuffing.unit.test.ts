import { describe, expect, it } from 'vitest';
import { dataOf, nodemailerFlush, nodemailerTransform, untouched } from './dot-stuffing.ts';

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

describe('dot-stuffing: the DATA bytes in one buffer, final dot included (decisions 1200, 1495)', () => {
  /** What nodemailer's own transform and end make of `body` written as one chunk, as one buffer. */
  function reference(body: Buffer): Buffer {
    const out: Buffer[] = [];
    const state = {
      lastByte: false as number | false,
      inByteCount: 0,
      outByteCount: 0,
      push: (b: Buffer) => out.push(b) > 0,
    };
    nodemailerTransform.call(state, body, 'latin1', () => {});
    nodemailerFlush.call(state, () => {});
    return Buffer.concat(out);
  }

  it('is what nodemailer writes, byte for byte, on random bodies (fast path and not)', () => {
    const pieces = ['a', '.', '\r', '\n', '\r\n', '\r\n.', 'text ', '=\r\n'];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let fast = 0;
    for (let n = 0; n < 5_000; n++) {
      const body = Buffer.from(
        Array.from({ length: 1 + Math.floor(rand() * 12) }, () => pieces[Math.floor(rand() * pieces.length)]).join(''),
      );
      if (untouched(body, false)) fast++;
      expect(dataOf(body).equals(reference(body)), JSON.stringify(body.toString())).toBe(true);
    }
    expect(fast).toBeGreaterThan(100);
  });

  it('ends an engine-built body with its final dot', () => {
    const body = Buffer.from('Subject: x\r\n\r\n<p>one</p>\r\n<p>two</p>\r\n');
    expect(dataOf(body).toString()).toBe(`${body.toString()}.\r\n`);
    expect(dataOf(Buffer.from('a\r\n.b\r\n')).toString()).toBe('a\r\n..b\r\n.\r\n');
  });
});
