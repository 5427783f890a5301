import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CSV_OPTIONS, CsvRecords } from '../../../core/imports/csv-records.ts';
import { isValidEmail, normalizeEmail } from '../../../suppression/email-syntax.ts';

/** Our reading, fed in pieces of `step` characters. */
function ours(text: string, step: number): string[][] | 'error' {
  const out: string[][] = [];
  const r = new CsvRecords((rec) => out.push(rec));
  try {
    for (let i = 0; i < text.length; i += step) r.push(text.slice(i, i + step));
    r.end();
    return out;
  } catch {
    return 'error';
  }
}

/** csv-parse's reading of the whole text, the reference. */
function reference(text: string): string[][] | 'error' {
  try {
    return parse(text, CSV_OPTIONS) as string[][];
  } catch {
    return 'error';
  }
}

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('CsvRecords reads CSV exactly as csv-parse does', () => {
  const cases = [
    'email,name\na@b.co,Ann\n',
    'email,name\r\na@b.co,Ann\r\nc@d.co,"Smith, Jr."\r\n',
    'email\n\n\na@b.co\n\n',
    'email,name\na@b.co,"multi\nline\nname"\nc@d.co,x\n',
    'email,name\na@b.co,"say ""hi"""\n',
    'email,name\na@b.co,John "Johnny" Doe\n',
    'email,name\na@b.co,5" tall\nc@d.co,x\n',
    'email,name\n"a@b.co",x,\n',
    'a,b\n"unterminated,x\nmore,lines\n',
    'a,b\n"closed"junk,x\n',
    'a,b\n   \n,\n',
    'a,b\nx,"y"',
    'a,b\nx,y',
    'a,"b\r\nc"\r\nd,e\r\n',
  ];
  it.each(cases)('%j', (text) => {
    for (const step of [1, 2, 3, 7, 1000]) expect(ours(text, step)).toEqual(reference(text));
  });

  it('agrees on well-formed random files, whatever the chunking', () => {
    const r = random(7);
    const alphabet = ['a', 'b', ' ', 'é', ',', '"', '\n', '\r\n', '@', '.'];
    for (let n = 0; n < 400; n++) {
      const eol = r() < 0.5 ? '\n' : '\r\n';
      const records: string[] = [];
      for (let k = 0; k < 1 + Math.floor(r() * 6); k++) {
        const fields: string[] = [];
        for (let f = 0; f < 1 + Math.floor(r() * 4); f++) {
          let v = '';
          for (let c = 0; c < Math.floor(r() * 6); c++) v += alphabet[Math.floor(r() * alphabet.length)];
          fields.push(/[",\r\n]/.test(v) || r() < 0.2 ? `"${v.replaceAll('"', '""')}"` : v);
        }
        records.push(fields.join(','));
      }
      const text = records.join(eol) + (r() < 0.5 ? eol : '');
      expect([text, ours(text, 1 + Math.floor(r() * 9))]).toEqual([text, reference(text)]);
    }
  });

  it('agrees on random garbage, errors included', () => {
    const r = random(11);
    const alphabet = ['a', ',', '"', '\n', ' '];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let c = 0; c < Math.floor(r() * 30); c++) text += alphabet[Math.floor(r() * alphabet.length)];
      expect([text, ours(text, 1 + Math.floor(r() * 5))]).toEqual([text, reference(text)]);
    }
  });
});

describe('the address check', () => {
  it('accepts ordinary addresses, normalized', () => {
    for (const raw of [
      'John.Doe@Gmail.com',
      ' x+tag@sub.example.co.uk ',
      "o'brien@example.ie",
      'a_b-c@xn--bcher-kva.de',
      'user@my-host.example',
    ]) {
      expect([raw, isValidEmail(normalizeEmail(raw))]).toEqual([raw, true]);
    }
    expect(normalizeEmail('  John.Doe@GMAIL.com ')).toBe('john.doe@gmail.com');
  });

  it('refuses what no MTA delivers to', () => {
    const bad = [
      'plain',
      '@gmail.com',
      'a@',
      'a@@gmail.com',
      'a..b@gmail.com',
      '.a@gmail.com',
      'a.@gmail.com',
      'a b@gmail.com',
      'a@localhost',
      'a@-x.com',
      'a@x-.com',
      'a@x.c',
      'a@x.123',
      '"quoted"@gmail.com',
      'a@[127.0.0.1]',
      'jöhn@gmail.com',
      'a@gmail..com',
      `${'x'.repeat(65)}@gmail.com`,
      `a@${'x'.repeat(250)}.com`,
    ];
    for (const raw of bad) expect([raw, isValidEmail(normalizeEmail(raw))]).toEqual([raw, false]);
  });
});
