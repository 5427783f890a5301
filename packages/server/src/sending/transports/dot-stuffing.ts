import DataStream from 'nodemailer/lib/smtp-connection/data-stream';

/*
 * nodemailer's SMTP client sends every message body through its DataStream, which dot-stuffs it and turns
 * bare CR or LF into CRLF, looking at each byte in JavaScript: about a fifth of a worker's CPU for a 4 KB
 * message (issue 28, decision 1160). The bodies the engine builds (mime.ts) have CRLF line ends only and
 * rarely a line starting with a dot, so such a chunk, found with Buffer.indexOf (native), passes as it is
 * (what nodemailer's transform would output too); any other chunk goes through nodemailer's own transform.
 * Such a chunk is held back until the next one or the end, so that the last one and the final dot leave in
 * one chunk, one socket write (the relay also reads them at once) instead of two (decision 1200).
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
  /** A chunk that passed as it is, not pushed yet. */
  held?: Buffer;
  inByteCount: number;
  outByteCount: number;
  push(chunk: Buffer): boolean;
}
const proto = DataStream.prototype as unknown as {
  _transform(this: DataStreamState, chunk: unknown, encoding: BufferEncoding, done: Done): void;
  _flush(this: DataStreamState, done: Done): void;
};
/** nodemailer's own transform and end (kept for every chunk that needs them, and for the tests). */
export const nodemailerTransform = proto._transform;
export const nodemailerFlush = proto._flush;

const pushHeld = (s: DataStreamState) => {
  if (s.held) s.push(s.held);
  s.held = undefined;
};

proto._transform = function (this: DataStreamState, chunk: unknown, encoding: BufferEncoding, done: Done) {
  if (!Buffer.isBuffer(chunk) || !untouched(chunk, this.lastByte)) {
    pushHeld(this);
    return nodemailerTransform.call(this, chunk, encoding, done);
  }
  this.inByteCount += chunk.length;
  this.outByteCount += chunk.length;
  pushHeld(this);
  this.held = chunk;
  this.lastByte = chunk[chunk.length - 1]!;
  done();
};

/** The final dot after a last byte: what nodemailer's end pushes (a test compares whole streams). */
const END_AFTER_LF = Buffer.from('.\r\n');
const END_AFTER_CR = Buffer.from('\n.\r\n');
const END_OTHERWISE = Buffer.from('\r\n.\r\n');

proto._flush = function (this: DataStreamState, done: Done) {
  const held = this.held;
  if (!held) return nodemailerFlush.call(this, done);
  this.held = undefined;
  const end = this.lastByte === LF ? END_AFTER_LF : this.lastByte === CR ? END_AFTER_CR : END_OTHERWISE;
  this.outByteCount += end.length;
  this.push(Buffer.concat([held, end], held.length + end.length));
  done();
};
