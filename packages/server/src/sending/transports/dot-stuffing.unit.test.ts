import { describe, expect, it } from 'vitest';
import DataStream from 'nodemailer/lib/smtp-connection/data-stream';
import { nodemailerFlush, nodemailerTransform, untouched } from './dot-stuffing.ts';

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

describe('dot-stuffing: the last chunk and the final dot in one piece (decision 1200)', () => {
  /** What nodemailer's own transform and end make of `chunks`, as one buffer. */
  function reference(chunks: Buffer[]): Buffer {
    const out: Buffer[] = [];
    const state = {
      lastByte: false as number | false,
      inByteCount: 0,
      outByteCount: 0,
      push: (b: Buffer) => out.push(b) > 0,
    };
    for (const c of chunks) nodemailerTransform.call(state, c, 'latin1', () => {});
    nodemailerFlush.call(state, () => {});
    return Buffer.concat(out);
  }

  /** The chunks the patched DataStream pushes for `chunks`, and its byte counts. */
  async function through(chunks: Buffer[]) {
    const s = new DataStream();
    const out: Buffer[] = [];
    s.on('data', (b: Buffer) => out.push(b));
    const ended = new Promise((r) => s.once('end', r));
    for (const c of chunks) s.write(c);
    s.end();
    await ended;
    return { out, counts: s as unknown as { inByteCount: number; outByteCount: number } };
  }

  it('outputs what nodemailer does, byte for byte and count for count, on random streams', async () => {
    const pieces = ['a', '.', '\r', '\n', '\r\n', '\r\n.', 'text '];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2_000; n++) {
      const chunks = Array.from({ length: 1 + Math.floor(rand() * 4) }, () =>
        Buffer.from(Array.from({ length: 1 + Math.floor(rand() * 8) }, () => pieces[Math.floor(rand() * 7)]).join('')),
      );
      const { out, counts } = await through(chunks);
      const expected = reference(chunks);
      expect(Buffer.concat(out).equals(expected), JSON.stringify(chunks.map(String))).toBe(true);
      expect(counts.outByteCount).toBe(expected.length);
      expect(counts.inByteCount).toBe(chunks.reduce((a, c) => a + c.length, 0));
    }
  });

  it('pushes an engine-built body and its final dot as one chunk', async () => {
    const body = Buffer.from('Subject: x\r\n\r\n<p>one</p>\r\n<p>two</p>\r\n');
    const { out } = await through([body]);
    expect(out).toHaveLength(1);
    expect(out[0]!.toString()).toBe(`${body.toString()}.\r\n`);
    const split = await through([body.subarray(0, 10), body.subarray(10)]);
    expect(split.out).toHaveLength(2);
    expect(Buffer.concat(split.out).toString()).toBe(`${body.toString()}.\r\n`);
  });
});
