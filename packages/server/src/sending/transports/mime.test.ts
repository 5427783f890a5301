import { describe, expect, it } from 'vitest';
import { buildMime } from './mime.ts';

const message = {
  from: { name: 'Team', address: 'news@relay.example.net' },
  to: 'a@b.example',
  subject: 'Hello',
  html: '<p>Hi</p>',
  messageId: '<x@relay.example.net>',
  headers: { 'X-Console-Id': 'abc' },
};

const parse = (b: Buffer) => {
  const [head, body] = b.toString().split('\r\n\r\n');
  return { head: head!, body: body! };
};

describe('the MIME builder', () => {
  it('builds one base64 text/html part with the headers', () => {
    const { head, body } = parse(buildMime(message, new Date('2026-11-23T10:00:00Z')));
    expect(head.split('\r\n')).toEqual([
      'From: Team <news@relay.example.net>',
      'To: <a@b.example>',
      'Subject: Hello',
      'Date: Mon, 23 Nov 2026 10:00:00 +0000',
      'Message-ID: <x@relay.example.net>',
      'MIME-Version: 1.0',
      'X-Console-Id: abc',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
    ]);
    expect(Buffer.from(body, 'base64').toString()).toBe('<p>Hi</p>');
  });

  it('encodes non-ASCII words, quotes specials, and never lets a value break a header line', () => {
    const { head, body } = parse(
      buildMime({
        ...message,
        from: { name: 'Ünïcode "Team", Inc.', address: 'n@r.example' },
        subject: 'Grüße\r\nBcc: victim@example.com',
        html: 'ä'.repeat(200),
      }),
    );
    expect(head).not.toMatch(/^Bcc:/m);
    const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(head)![1]!;
    const decoded = subject
      .split('\r\n ')
      .map((w) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(w)![1]!, 'base64').toString())
      .join('');
    expect(decoded).toBe('Grüße Bcc: victim@example.com');
    expect(head).toMatch(/^From: =\?UTF-8\?B\?.*\?= <n@r\.example>$/m);
    expect(buildMime({ ...message, from: { name: 'A, B', address: 'n@r.example' } }).toString()).toMatch(
      /^From: "A, B" <n@r\.example>\r\n/,
    );
    expect(body.split('\r\n').every((l) => l.length <= 76)).toBe(true);
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString()).toBe('ä'.repeat(200));
  });
});
