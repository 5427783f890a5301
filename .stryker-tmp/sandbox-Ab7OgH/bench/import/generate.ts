// @ts-nocheck
import fs from 'node:fs';

/** A small deterministic PRNG (mulberry32), so every run imports the same file. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Roughly a consumer list: the big webmails, then a long tail of company and ISP domains.
const MIX: [number, string[]][] = [
  [0.32, ['gmail.com', 'gmail.com', 'gmail.com', 'googlemail.com']],
  [0.14, ['yahoo.com', 'yahoo.com', 'yahoo.fr', 'yahoo.co.uk', 'ymail.com']],
  [0.14, ['hotmail.com', 'outlook.com', 'live.com', 'hotmail.fr', 'msn.com']],
  [0.03, ['aol.com']],
  [0.03, ['icloud.com', 'me.com']],
  [0.03, ['gmx.de', 'web.de']],
  [0.03, ['mail.ru', 'yandex.ru']],
  [0.02, ['comcast.net', 'verizon.net']],
];
const FIRST = [
  'john',
  'mary',
  'james',
  'linda',
  'robert',
  'susan',
  'michael',
  'karen',
  'david',
  'lisa',
  'pierre',
  'anna',
  'jose',
  'fatima',
  'wei',
  'olga',
];
const LAST = [
  'smith',
  'johnson',
  'brown',
  'garcia',
  'miller',
  'davis',
  'martin',
  'muller',
  'rossi',
  'kowalski',
  'nguyen',
  'ivanov',
  'silva',
  'dubois',
];
const CITY = ['Paris', 'London', 'New York', 'Berlin', 'Madrid', 'Rome', 'Warsaw', 'Toronto', 'Sydney', 'Lyon'];
const GEO = ['US', 'GB', 'FR', 'DE', 'ES', 'IT', 'PL', 'CA', 'AU', 'BR'];
const BAD = (r: () => number, i: number) =>
  [
    `john.doe${i}`,
    `john${i}@@gmail.com`,
    `john..doe${i}@gmail.com`,
    '',
    `john doe${i}@gmail.com`,
    `@gmail.com`,
    `x${i}@localhost`,
  ][Math.floor(r() * 7)]!;

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Company domains the benchmark puts on the spam-domain list. */
export const BLACKLISTED = Array.from({ length: 20 }, (_, k) => `company${k * 1000}.com`);

/**
 * Writes `rows` data rows (plus the header) and returns what the import must make of them: addresses
 * are unique by construction except the ~1% deliberate repeats; ~2% rows are malformed. About 1% of the
 * addresses are also returned as spam traps and unsubscribers, which the import must mark invalid
 * (`invalid` counts the distinct stored addresses it must mark, blacklisted domains included).
 */
export async function generateCsv(file: string, rows: number) {
  const r = prng(20240601);
  const out = fs.createWriteStream(file);
  const recent: string[] = [];
  const spam: string[] = [];
  const unsub: string[] = [];
  const blacklisted = new Set(BLACKLISTED);
  let invalid = 0;
  let bad = 0;
  let duplicates = 0;
  let buf = 'email,name,surname,birthYear,city,geo\n';
  for (let i = 0; i < rows; i++) {
    const first = FIRST[Math.floor(r() * FIRST.length)]!;
    const last = LAST[Math.floor(r() * LAST.length)]!;
    let email: string;
    const roll = r();
    if (roll < 0.02) {
      email = BAD(r, i);
      bad++;
    } else if (roll < 0.03 && recent.length) {
      // a repeat, written in another case: still the same address after normalization
      email = recent[Math.floor(r() * recent.length)]!.toUpperCase();
      duplicates++;
    } else {
      let p = r();
      let domain = `company${Math.floor(r() * 20000)}.com`;
      for (const [share, domains] of MIX) {
        if (p < share) {
          domain = domains[Math.floor(r() * domains.length)]!;
          break;
        }
        p -= share;
      }
      email = `${r() < 0.3 ? cap(first) : first}.${last}${i}@${domain}`;
      const isSpam = i % 200 === 7;
      const isUnsub = i % 150 === 11;
      if (isSpam) spam.push(email.toLowerCase());
      if (isUnsub) unsub.push(email.toLowerCase());
      if (isSpam || isUnsub || blacklisted.has(domain)) invalid++;
      if (recent.length < 10_000) recent.push(email);
      else recent[Math.floor(r() * 10_000)] = email;
    }
    const surname = r() < 0.005 ? `"${cap(last)}, Jr."` : cap(last);
    buf += `${email},${cap(first)},${surname},${1950 + Math.floor(r() * 56)},${CITY[Math.floor(r() * CITY.length)]},${GEO[Math.floor(r() * GEO.length)]}\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await new Promise<void>((res) => out.once('drain', () => res()));
      buf = '';
    }
  }
  out.end(buf);
  await new Promise<void>((res) => out.once('finish', () => res()));
  return { bad, duplicates, unique: rows - bad - duplicates, invalid, spam, unsub };
}
