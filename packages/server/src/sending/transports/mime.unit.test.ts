import { describe, expect, it } from 'vitest';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { buildMime, qpLine } from './mime.ts';

const message = {
  from: { name: 'Team', address: 'news@relay.example.net' },
  to: 'a@b.example',
  subject: 'Hello',
  html: '<p>Hi <a href="https://shop.example.net/x">our shop</a></p>',
  messageId: '<x@relay.example.net>',
  headers: { 'X-Console-Id': 'abc', 'List-Id': 'Weekly news <list-7.user-3.localhost>' },
};

/** Headers (unfolded lines kept as written) and the parts of the multipart/alternative body, decoded. */
function parse(b: Buffer) {
  const s = b.toString();
  const end = s.indexOf('\r\n\r\n');
  const head = s.slice(0, end);
  const boundary = /boundary="([^"]+)"/.exec(head)![1]!;
  const parts = s
    .slice(end + 4)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => {
      const [h, body] = p.replace(/^\r\n/, '').split('\r\n\r\n') as [string, string];
      const decoded = Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/\r\n$/, '')
          .replace(/=([0-9A-F]{2})/g, (_, x: string) => String.fromCharCode(parseInt(x, 16))),
        'latin1',
      ).toString('utf8');
      return { head: h, body, text: decoded };
    });
  return { head, parts, tail: s.slice(s.lastIndexOf(`--${boundary}--`)) };
}

const decodeWords = (v: string) =>
  v
    .split('\r\n ')
    .map((w) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(w)![1]!, 'base64').toString())
    .join('');

describe('the MIME builder', () => {
  it('builds multipart/alternative: a text/plain part made from the HTML, then the HTML, both quoted-printable', () => {
    const { head, parts, tail } = parse(buildMime(message, new Date('2026-11-23T10:00:00Z')));
    const lines = head.split('\r\n');
    expect(lines.slice(0, 8)).toEqual([
      'From: Team <news@relay.example.net>',
      'To: <a@b.example>',
      'Subject: Hello',
      'Date: Mon, 23 Nov 2026 10:00:00 +0000',
      'Message-ID: <x@relay.example.net>',
      'MIME-Version: 1.0',
      'X-Console-Id: abc',
      'List-Id: "Weekly news" <list-7.user-3.localhost>',
    ]);
    expect(lines[8]).toMatch(/^Content-Type: multipart\/alternative; boundary="=_alt_[0-9a-f]{24}"$/);
    expect(parts.map((p) => p.head)).toEqual([
      'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable',
      'Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable',
    ]);
    // The link stays readable in the text part.
    expect(parts[0]!.text).toBe('Hi our shop [https://shop.example.net/x]');
    expect(parts[1]!.text).toBe(message.html);
    expect(tail).toMatch(/^--=_alt_[0-9a-f]{24}--\r\n$/);
  });

  it('takes the message’s own text part when it gives one', () => {
    const { parts } = parse(buildMime({ ...message, text: 'Our own words\nhttps://shop.example.net/x' }));
    expect(parts[0]!.text).toBe('Our own words\r\nhttps://shop.example.net/x');
  });

  it('encodes non-ASCII words, quotes specials, and never lets a value break a header line', () => {
    const { head, parts } = parse(
      buildMime({
        ...message,
        from: { name: 'Ünïcode "Team", Inc.', address: 'n@r.example' },
        subject: 'Grüße\r\nBcc: victim@example.com',
        html: 'ä'.repeat(200),
      }),
    );
    expect(head).not.toMatch(/^Bcc:/m);
    const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(head)![1]!;
    expect(decodeWords(subject)).toBe('Grüße Bcc: victim@example.com');
    expect(head).toMatch(/^From: =\?UTF-8\?B\?.*\?=\r\n <n@r\.example>$/m);
    expect(buildMime({ ...message, from: { name: 'A, B', address: 'n@r.example' } }).toString()).toMatch(
      /^From: "A, B" <n@r\.example>\r\n/,
    );
    for (const p of parts) expect(p.body.split('\r\n').every((l) => l.length <= 76)).toBe(true);
    expect(parts[1]!.text).toBe('ä'.repeat(200));
  });

  it('folds encoded words within RFC 2047’s 76 octets a line, the first line included', () => {
    const subject = 'Ünïcode news for you, with a long and detailed subject line – über alles, today only';
    const { head } = parse(buildMime({ ...message, subject, from: { name: 'Ä'.repeat(60), address: 'n@r.example' } }));
    const lines = head.split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l), l).toBeLessThanOrEqual(l.includes('=?') ? 76 : 78);
    const folded = /^Subject: (.*(?:\r\n .*)*)/m.exec(head)![1]!;
    expect(decodeWords(folded)).toBe(subject);
    expect(lines.find((l) => l.startsWith('Subject: '))!.length).toBeLessThanOrEqual(76);
    // Plain ASCII is folded at spaces within 78.
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const plain = parse(buildMime({ ...message, subject: long })).head;
    expect(plain.split('\r\n').every((l) => l.length <= 78)).toBe(true);
    expect(/^Subject: (.*(?:\r\n .*)*)/m.exec(plain)![1]!.replace(/\r\n/g, '')).toBe(long);
  });
});

describe('quoted-printable, line by line through the cache (decision 1160)', () => {
  it('decodes to the body as written, every line within 76 characters, on a first and a cached build', () => {
    const html = [
      '<p>trailing spaces   ',
      `<p>${'a=b Köln – € '.repeat(30)}</p>`,
      '\ttab and = sign\t',
      `${'x'.repeat(300)}`,
      'lone \r carriage return',
    ].join('\n');
    for (let i = 0; i < 2; i++) {
      const raw = buildMime({ ...message, html, text: `${html}\nplain` });
      const { parts } = parse(raw);
      expect(parts[1]!.text).toBe(html.replace(/\n/g, '\r\n'));
      expect(parts[0]!.text).toBe(`${html}\nplain`.replace(/\n/g, '\r\n'));
      for (const line of raw.toString().split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
      expect(raw.toString()).not.toMatch(/[ \t]\r\n/);
    }
  });
});

describe('quoted-printable without nodemailer’s byte loop (decision 1200)', () => {
  it('encodes every line as nodemailer’s wrap(encode(line), 76) does, on random lines', () => {
    const pieces = ['a', 'word ', '=', ' ', '\t', '.', 'ä', '€', 'x'.repeat(40), '=3D', '<a href="x">'];
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let ascii = 0;
    for (let n = 0; n < 5_000; n++) {
      const line = Array.from(
        { length: Math.floor(rand() * 12) },
        () => pieces[Math.floor(rand() * pieces.length)],
      ).join('');
      if (/^[\t\x20-\x7e]*$/.test(line)) ascii++;
      // Twice: the first encoding, then the cached one for long lines.
      for (let i = 0; i < 2; i++)
        expect(qpLine(line), JSON.stringify(line)).toBe(qpWrap(qpEncode(Buffer.from(line)), 76));
    }
    expect(ascii).toBeGreaterThan(1_000);
  });

  it('gives each message its own boundary', () => {
    const boundary = (b: Buffer) => /boundary="([^"]+)"/.exec(b.toString())![1];
    expect(boundary(buildMime(message))).not.toBe(boundary(buildMime(message)));
  });
});
