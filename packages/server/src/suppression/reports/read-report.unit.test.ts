import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RAW_KEPT, readReport, type ReportFormat, type ReportKind, type ReportOutcome } from './read-report.ts';
import { verpAddress, verpTrackingId } from './verp.ts';

/*
 * The report corpus (issue 39, decisions 1364-1367): real-shaped DSNs and ARF reports of the major
 * receivers and MTAs, one file each in test/reports, each with what must be read from it. Every file is read
 * twice: as stored (LF) and with CRLF line ends, as an IMAP server hands it over.
 */

const DIR = new URL('../../../test/reports/', import.meta.url);

interface Expected {
  file: string;
  receiver: string;
  kind: ReportKind;
  format: ReportFormat;
  /** [address, outcome, enhanced status] per recipient. */
  recipients: [string | null, ReportOutcome, string | null][];
  consoleId?: string;
  messageId?: string;
  envelopeId?: string;
  verp?: string;
  feedbackType?: string;
  problems?: string[];
}

const CORPUS: Expected[] = [
  {
    file: 'gmail-dsn-5.1.1.eml',
    receiver: 'Gmail DSN, account does not exist',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['anna.nowak1987@gmail.com', 'permanent', '5.1.1']],
    consoleId: '9Vg6aa1REPkBFMFJ4Tft6Q',
    messageId: '<6a0f7c1e-3b2d-4e8f-9a51-0c6d2e7f8b91@news.example.com>',
  },
  {
    file: 'gmail-text-failure.eml',
    receiver: 'Gmail "Delivery Status Notification (Failure)", plain text',
    kind: 'dsn',
    format: 'gmail',
    recipients: [['piotr.k@gmail.com', 'permanent', '5.1.1']],
    consoleId: 'K6pJ1OLvIJEW_z3gaKqX2Q',
    messageId: '<2c5d8e91-0b7a-4f3e-8d62-91a4c7e0f3b5@news.example.com>',
  },
  {
    file: 'gmail-dsn-delayed.eml',
    receiver: 'Gmail "Delivery Status Notification (Delay)": not a bounce yet',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['ola@firma.example.pl', 'none', '4.4.1']],
    consoleId: 'Ph2mVp415VIjE3fWCJg-bw',
  },
  {
    file: 'gmail-dsn-unsolicited.eml',
    receiver: 'Gmail 550-5.7.1 unsolicited mail (Postfix DSN): the sender, never the recipient',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['jan.w@gmail.com', 'infrastructure', '5.7.1']],
    consoleId: 'xtr1FALlsRP-IK2dgl3nFQ',
  },
  {
    file: 'o365-ndr-recipient-not-found.eml',
    receiver: 'Office 365 NDR, 5.1.10 RecipientNotFound',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['m.schmidt@contoso.com', 'permanent', '5.1.10']],
    consoleId: 'iBoHanfww9lkcotYdJgyaA',
    messageId: '<c41e8f27-6a90-4b3d-a5e1-8f72d09b6c13@news.example.com>',
  },
  {
    file: 'outlook-com-mailbox-unavailable.eml',
    receiver: 'Outlook.com 550 5.5.0 mailbox unavailable',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['lucie.martin@outlook.fr', 'permanent', '5.5.0']],
    consoleId: '4lM8LAWD1GCca4jUo9xzJA',
  },
  {
    file: 'exchange-text-ndr.eml',
    receiver: 'Exchange 2016 NDR as plain text (Diagnostic information for administrators)',
    kind: 'dsn',
    format: 'exchange',
    recipients: [['k.berg@fabrikam.example', 'permanent', '5.1.1']],
    consoleId: 'k2E7bnQGZ7IV-qGIgfTOYA',
    messageId: '<5e1d7c93-2a4b-4c8f-b0e6-7f9a3d2c1b08@news.example.com>',
  },
  {
    file: 'exchange-dsn-quota.eml',
    receiver: 'Exchange 554 5.2.2 mailbox full: a soft bounce',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['sales@northwind.example', 'temporary', '5.2.2']],
    consoleId: 'j1ocbswDoUpsIBmrM7iBfw',
  },
  {
    file: 'yahoo-text-no-account.eml',
    receiver: 'Yahoo "Failure Notice" in qmail words, no such account',
    kind: 'dsn',
    format: 'qmail',
    recipients: [['kowalczyk_m@yahoo.com', 'permanent', null]],
    consoleId: 'LfI0IcpJV64L9a8h_jso1Q',
  },
  {
    file: 'yahoo-dsn-deferred-expired.eml',
    receiver: 'Yahoo 421 4.7.0 [TSS04] deferred until expiry: the sending IP',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['dorota.z@yahoo.com', 'infrastructure', '4.7.0']],
    consoleId: 'RIGOjc8vQkL3CpTUl_Aq4Q',
  },
  {
    file: 'postfix-dsn-user-unknown-verp.eml',
    receiver: 'Postfix local user unknown, returned to a VERP address',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['j.mueller@kunde.example.de', 'permanent', '5.1.1']],
    consoleId: 'i48vlHwlIriz53HD4nJChg',
    verp: 'i48vlHwlIriz53HD4nJChg',
  },
  {
    file: 'postfix-dsn-verp-only-no-domain.eml',
    receiver: 'Postfix no such domain, nothing quoted: VERP (upper-cased) is the only key',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['sklep@nie-ma-takiej-domeny.example', 'permanent', '5.1.2']],
    verp: 'aVFTl9TZEVwayj5gfNv5Dw',
  },
  {
    file: 'postfix-dsn-spamhaus.eml',
    receiver: 'Postfix 554 5.7.1 blocked using zen.spamhaus.org',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['info@handel.example.cz', 'infrastructure', '5.7.1']],
    consoleId: '7rE5ZqO_fEjS0xJybQf2HA',
  },
  {
    file: 'postfix-dsn-two-recipients.eml',
    receiver: 'Postfix, two recipients: one unknown, one mailbox full',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [
      ['biuro@firma.example.com', 'permanent', '5.1.1'],
      ['szef@firma.example.com', 'temporary', '5.2.2'],
    ],
    consoleId: 'Y8n0ioxMvAw3w3VoehBNCg',
  },
  {
    file: 'exim-text-user-unknown.eml',
    receiver: 'Exim plain text, Mail.ru invalid mailbox',
    kind: 'dsn',
    format: 'exim',
    recipients: [['ivan.petrov@mail.example.ru', 'permanent', null]],
    consoleId: '-tbHGWmYITJDpGbvZSgsDQ',
    messageId: '<4b7e1d0c-93a6-4f2b-8c5d-e0a1f6b3c972@news.example.com>',
  },
  {
    file: 'exim-text-delay.eml',
    receiver: 'Exim delay warning (greylisting): not a bounce',
    kind: 'dsn',
    format: 'exim',
    recipients: [['kontakt@langsam.example.at', 'none', '4.7.1']],
    consoleId: 'MNWpj0dGS-XDB6VHhcJ8JQ',
  },
  {
    file: 'exim-multipart-dsn.eml',
    receiver: 'Exim 4.9x multipart/report',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['orders@shop.example.co.uk', 'permanent', '5.0.0']],
    consoleId: 'c2_9kfKCegNjSaHiVjYYNQ',
  },
  {
    file: 'qmail-text-local.eml',
    receiver: 'qmail-send, no mailbox here by that name',
    kind: 'dsn',
    format: 'qmail',
    recipients: [['tomas@klient.example.net', 'permanent', '5.1.1']],
    consoleId: 'dY5DZGUoFdDW9U7mtyDsFA',
  },
  {
    file: 'qmail-text-relay-denied.eml',
    receiver: 'qmail-send, remote 554 5.7.1 relay access denied',
    kind: 'dsn',
    format: 'qmail',
    recipients: [['ventas@tienda.example.es', 'infrastructure', '5.7.1']],
    consoleId: 'pYpzbMHMZcKIXm8d0EZpkg',
  },
  {
    file: 'sendmail-dsn-user-unknown.eml',
    receiver: 'Sendmail "Returned mail: see transcript for details"',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['h.novak@uni.example.edu', 'permanent', '5.1.1']],
    consoleId: 'ClmTPTeKBvtqUcFsQTwVGg',
  },
  {
    file: 'gmail-text-new-format.eml',
    receiver: 'Gmail "Message blocked" (newer text, original attached): a block list, not the recipient',
    kind: 'dsn',
    format: 'gmail',
    recipients: [['kontakt@agentur.example.ch', 'infrastructure', '5.7.1']],
    consoleId: 'niiDTQcbUNFZjcfuXjvwug',
  },
  {
    file: 'pmta-dsn-envid.eml',
    receiver: 'PowerMTA DSN (web.de), quoting no X-Console-Id: matched by Original-Envelope-Id',
    kind: 'dsn',
    format: 'rfc3464',
    recipients: [['lena.f@web.de', 'permanent', '5.1.1']],
    envelopeId: 'DtY7Zp5Mjp1gU3bq-6zjtg',
  },
  {
    file: 'arf-yahoo.eml',
    receiver: 'Yahoo ARF complaint with Original-Rcpt-To',
    kind: 'arf',
    format: 'rfc5965',
    recipients: [['ewa.lis@yahoo.com', 'complaint', null]],
    consoleId: '421kIaA24X8lR-0yb7FoDQ',
    feedbackType: 'abuse',
  },
  {
    file: 'arf-yahoo-cfbl-redacted.eml',
    receiver: 'Yahoo CFBL complaint, recipient redacted: only CFBL-Feedback-ID names it',
    kind: 'arf',
    format: 'rfc5965',
    recipients: [[null, 'complaint', null]],
    consoleId: 'pabJyT8UEEvfhbvyAdlwIA',
    feedbackType: 'abuse',
  },
  {
    file: 'arf-microsoft-jmrp.eml',
    receiver: 'Microsoft JMRP in ARF, recipient anonymised',
    kind: 'arf',
    format: 'rfc5965',
    recipients: [[null, 'complaint', null]],
    consoleId: 'SyT-PwFAL7AFUNzBfnSXqQ',
    feedbackType: 'abuse',
  },
  {
    file: 'jmrp-legacy.eml',
    receiver: 'Microsoft JMRP legacy format (X-HmXmrOriginalRecipient)',
    kind: 'arf',
    format: 'jmrp',
    recipients: [['adam.b@hotmail.com', 'complaint', null]],
    consoleId: 'ptIMdF9dcbshk7vlDKBGhg',
    feedbackType: 'abuse',
  },
  {
    file: 'arf-mailru.eml',
    receiver: 'Mail.ru FBL',
    kind: 'arf',
    format: 'rfc5965',
    recipients: [['natasha.s@mail.ru', 'complaint', null]],
    consoleId: 'BY4MXx3viPhh0euD2HMhVw',
    feedbackType: 'abuse',
  },
  {
    file: 'arf-generic-fbl-verp.eml',
    receiver: 'A provider FBL (fraud), matched by VERP alone',
    kind: 'arf',
    format: 'rfc5965',
    recipients: [['marie.d@isp.example.net', 'complaint', null]],
    verp: 'pVJH9YLcUjWwCfRxzbf5qQ',
    feedbackType: 'fraud',
  },
  {
    file: 'arf-dmarc-auth-failure.eml',
    receiver: 'DMARC failure report (auth-failure): not a complaint',
    kind: 'arf',
    format: 'rfc5965',
    recipients: [['someone@receiver.example.org', 'none', null]],
    consoleId: '8I7lwG-Ez7cmqCho3WEVKg',
    feedbackType: 'auth-failure',
  },
  {
    file: 'bad-no-boundary-lines.eml',
    receiver: 'multipart/report with no part in it',
    kind: 'other',
    format: 'none',
    recipients: [],
    problems: ['broken-mime'],
  },
  {
    file: 'bad-unknown-charset-qmail.eml',
    receiver: 'qmail bounce in a charset nobody knows',
    kind: 'dsn',
    format: 'qmail',
    recipients: [['marek@stary.example.net', 'permanent', '5.2.1']],
    consoleId: 'DZLOwMxeFCkt2Gd7wU6rAQ',
    problems: ['unknown-charset'],
  },
  {
    file: 'other-auto-reply.eml',
    receiver: 'An out-of-office reply: neither a bounce nor a complaint',
    kind: 'other',
    format: 'none',
    recipients: [],
  },
];

const read = (file: string, crlf: boolean) => {
  const bytes = readFileSync(new URL(file, DIR));
  return crlf ? Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1') : bytes;
};

describe('report corpus', () => {
  it('has a row for every file and at least 25 reports', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.eml'));
    expect(files.sort()).toEqual(CORPUS.map((c) => c.file).sort());
    expect(CORPUS.length).toBeGreaterThanOrEqual(25);
  });

  for (const crlf of [false, true]) {
    describe(crlf ? 'CRLF' : 'LF', () => {
      it.each(CORPUS)('$receiver ($file)', (e) => {
        const r = readReport(read(e.file, crlf));
        expect({ kind: r.kind, format: r.format }).toEqual({ kind: e.kind, format: e.format });
        expect(r.recipients.map((x) => [x.email, x.outcome, x.status])).toEqual(e.recipients);
        expect(r.keys.consoleId).toBe(e.consoleId ?? null);
        expect(r.keys.verp).toBe(e.verp ?? null);
        expect(r.keys.envelopeId).toBe(e.envelopeId ?? null);
        if (e.messageId) expect(r.keys.messageId).toBe(e.messageId);
        expect(r.complaint?.feedbackType ?? null).toBe(e.feedbackType ?? null);
        expect(r.problems).toEqual(e.problems ?? []);
      });
    });
  }

  it('gives each bounce its category and the remote words', () => {
    const r = readReport(read('postfix-dsn-spamhaus.eml', false));
    expect(r.recipients[0]).toMatchObject({
      category: 'spam-related',
      action: 'failed',
      remoteMta: 'mx.handel.example.cz',
      diagnostic: expect.stringContaining('blocked using zen.spamhaus.org'),
    });
    expect(r.reportingMta).toBe('relay1.news.example.com');
    expect(r.subject).toBe('Undelivered Mail Returned to Sender');
  });

  it("takes PowerMTA's own bounce category first", () => {
    const r = readReport(read('pmta-dsn-envid.eml', false));
    // the words and the 5.1.1 alone say bad-mailbox
    expect(r.recipients[0]).toMatchObject({ category: 'inactive-mailbox', remoteMta: 'mx-ha03.web.de (212.227.17.8)' });
  });

  it('keeps the quoted original headers and decodes the subject', () => {
    const r = readReport(read('arf-mailru.eml', false));
    expect(r.subject).toBe('Жалоба на письмо');
    expect(r.original?.find((h) => h.name === 'x-mailru-msgtype')?.value).toBe('weekly-news');
    expect(r.complaint).toMatchObject({ sourceIp: '198.51.100.10', originalMailFrom: 'news@news.example.com' });
  });
});

describe('bad input: a clear outcome, never a throw', () => {
  it('an empty mail', () => {
    const r = readReport(Buffer.alloc(0));
    expect(r).toMatchObject({ kind: 'other', recipients: [], problems: ['no-headers', 'empty'], size: 0 });
  });

  it('bytes that are no mail at all', () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    const r = readReport(bytes);
    expect(r.kind).toBe('other');
    expect(r.raw.length).toBe(5000);
  });

  it('a 20 MB report: read from its start, 64 KB kept for display', () => {
    const dsn = read('postfix-dsn-two-recipients.eml', false).toString('latin1');
    const attachment = 'QUJD'.repeat(19).concat('\n').repeat(270_000); // ~20 MB of base64 lines
    const big = dsn.replace(
      'Hello ...',
      `--inner\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n\n${attachment}`,
    );
    const bytes = Buffer.from(big, 'latin1');
    expect(bytes.length).toBeGreaterThan(20_000_000);
    const r = readReport(bytes);
    expect(r.kind).toBe('dsn');
    expect(r.recipients.map((x) => x.outcome)).toEqual(['permanent', 'temporary']);
    expect(r.keys.consoleId).toBe('Y8n0ioxMvAw3w3VoehBNCg');
    expect(r.raw.length).toBe(RAW_KEPT);
    expect(r.size).toBe(bytes.length);
    expect(r.problems).toContain('truncated');
  });

  it('every report cut anywhere, or with bytes altered, still reads', () => {
    for (const { file } of CORPUS) {
      const bytes = read(file, true);
      for (let i = 1; i < 40; i++) {
        const at = Math.floor((bytes.length * i) / 40);
        expect(() => readReport(bytes.subarray(0, at))).not.toThrow();
        const altered = Buffer.from(bytes);
        for (let j = at; j < altered.length; j += 97) altered[j] = (altered[j]! * 31 + i) % 256;
        expect(readReport(altered).size).toBe(bytes.length);
      }
    }
  });

  // Each once made a pattern rescan the text from every position (minutes on 512 KB); now each reads at once.
  it.each([
    ['blank lines after an Exchange marker', 'Diagnostic information for administrators:\n' + ' \n'.repeat(200_000)],
    [
      'one long word after a Gmail marker',
      'Delivery to the following recipient failed permanently:\n' + 'a'.repeat(400_000),
    ],
    ['a@a@a@... after a qmail marker', 'Hi. This is the qmail-send program\n<' + 'a@'.repeat(200_000) + '\n'],
  ])('a hostile text bounce: %s', (_, body) => {
    const r = readReport(Buffer.from(`Subject: x\n\n${body}`));
    expect(r.recipients).toEqual([]);
  });

  it('a report nested deeper than it is read', () => {
    let mail = 'Subject: inner\n\nhello\n';
    for (let i = 0; i < 10; i++) mail = `Subject: level ${i}\nContent-Type: message/rfc822\n\n${mail}`;
    const r = readReport(Buffer.from(mail));
    expect(r.kind).toBe('other');
    expect(r.problems).toContain('too-deep');
  });

  it('a delivery-status part with no recipient falls back to the text', () => {
    const mail = read('qmail-text-local.eml', false)
      .toString('latin1')
      .replace('Subject: failure notice', 'Subject: failure notice\nContent-Type: multipart/report; boundary=b')
      .replace(/\n\nHi\./, '\n\n--b\nContent-Type: text/plain\n\nHi.')
      .concat('\n--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; x\n\n--b--\n');
    const r = readReport(Buffer.from(mail, 'latin1'));
    expect(r.format).toBe('qmail');
    expect(r.recipients.map((x) => x.email)).toEqual(['tomas@klient.example.net']);
  });
});

describe('VERP (decision 1366)', () => {
  const id = 'i48vlHwlIriz53HD4nJChg';

  it('builds bounce+<32 hex>@domain and reads it back, whatever the case', () => {
    const address = verpAddress(id, 'bounces.news.example.com');
    expect(address).toBe('bounce+8b8f2f947c2522b8b3e771c3e2724286@bounces.news.example.com');
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(verpTrackingId(`<${address}>`)).toBe(id);
    expect(verpTrackingId(address.toUpperCase())).toBe(id);
    expect(verpTrackingId('rfc822; ' + address)).toBe(id);
  });

  it('reads nothing from an ordinary address or a short token', () => {
    expect(verpTrackingId('news@news.example.com')).toBeNull();
    expect(verpTrackingId('anna+newsletter@example.com')).toBeNull();
    expect(verpTrackingId('bounce+8b8f2f947c2522b8b3e771c3e272428@x.example')).toBeNull();
  });

  it('refuses what is not a tracking id', () => {
    expect(() => verpAddress('not-an-id', 'x.example')).toThrow(RangeError);
  });
});
