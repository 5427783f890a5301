import DataStream from 'nodemailer/lib/smtp-connection/data-stream';

/*
 * A message's DATA as it goes on the wire: dot-stuffed, bare CR or LF turned into CRLF, and the final dot,
 * exactly what nodemailer's DataStream writes for it (decision 1160, 1200). The engine's bodies (mime.ts)
 * have CRLF line ends only and rarely a line starting with a dot: such a body, found with Buffer.indexOf
 * (native), goes as it is with the final dot appended; any other body through nodemailer's own transform,
 * run synchronously on the one buffer. One buffer, one socket write (decision 1495).
 */

const CR = 13;
const LF = 10;
const DOT = 46;

/** Whether dot-stuffing and line-end repair leave `chunk` as it is, after a chunk ending in `lastByte`. */
export function untouched(chunk: Buffer, lastByte: number | false): boolean {
  const len = chunk.length;
  if (!len) return false;
  if (lastByte === CR && chunk[0] !== LF) return false;
  if (chunk[0] === DOT && (lastByte === LF || lastByte === false)) return false;
  for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
    if ((i ? chunk[i - 1] : lastByte) !== CR) return false;
    if (i + 1 < len && chunk[i + 1] === DOT) return false;
  }
  for (let i = chunk.indexOf(CR); i !== -1; i = chunk.indexOf(CR, i + 1)) {
    if (i + 1 < len && chunk[i + 1] !== LF) return false;
  }
  return true;
}

type Done = (e?: Error | null) => void;
interface DataStreamState {
  lastByte: number | false;
  inByteCount: number;
  outByteCount: number;
  push(chunk: Buffer): boolean;
}
const proto = DataStream.prototype as unknown as {
  _transform(this: DataStreamState, chunk: unknown, encoding: BufferEncoding, done: Done): void;
  _flush(this: DataStreamState, done: Done): void;
};
/** nodemailer's own transform and end (for every body the fast path does not take, and for the tests). */
export const nodemailerTransform = proto._transform;
export const nodemailerFlush = proto._flush;

/** The final dot after a last byte: what nodemailer's end pushes. */
const END_AFTER_LF = Buffer.from('.\r\n');
const END_AFTER_CR = Buffer.from('\n.\r\n');
const END_OTHERWISE = Buffer.from('\r\n.\r\n');

/** The message's DATA bytes, dot-stuffed and ended by the final dot, as nodemailer's DataStream writes them. */
export function dataOf(raw: Buffer): Buffer {
  if (untouched(raw, false)) {
    const last = raw[raw.length - 1];
    const end = last === LF ? END_AFTER_LF : last === CR ? END_AFTER_CR : END_OTHERWISE;
    return Buffer.concat([raw, end], raw.length + end.length);
  }
  const out: Buffer[] = [];
  const state: DataStreamState = { lastByte: false, inByteCount: 0, outByteCount: 0, push: (b) => out.push(b) > 0 };
  nodemailerTransform.call(state, raw, 'latin1', () => {});
  nodemailerFlush.call(state, () => {});
  return Buffer.concat(out);
}
