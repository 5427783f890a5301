import DataStream from 'nodemailer/lib/smtp-connection/data-stream';

/*
 * nodemailer's SMTP client sends every message body through its DataStream, which dot-stuffs it and turns
 * bare CR or LF into CRLF, looking at each byte in JavaScript: about a fifth of a worker's CPU for a 4 KB
 * message (issue 28, decision 1160). The bodies the engine builds (mime.ts) have CRLF line ends only and
 * rarely a line starting with a dot, so such a chunk, found with Buffer.indexOf (native), passes as it is
 * (what nodemailer's transform would output too); any other chunk goes through nodemailer's own transform.
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
};
/** nodemailer's own transform (kept for every chunk that needs it, and for the tests). */
export const nodemailerTransform = proto._transform;

proto._transform = function (this: DataStreamState, chunk: unknown, encoding: BufferEncoding, done: Done) {
  if (!Buffer.isBuffer(chunk) || !untouched(chunk, this.lastByte))
    return nodemailerTransform.call(this, chunk, encoding, done);
  this.inByteCount += chunk.length;
  this.outByteCount += chunk.length;
  this.push(chunk);
  this.lastByte = chunk[chunk.length - 1]!;
  done();
};
