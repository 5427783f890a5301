/**
 * The MIME half of bench/render (issue 28): the complete message as the engine hands it to SMTP, through
 * the engine's own code: `composeMessage` (tracking id, render, List-Unsubscribe / List-Id / Message-ID
 * headers, sending/compose.ts), then `buildMime` (headers with RFC 2047 base64 words, multipart/alternative,
 * both parts quoted-printable, transports/mime.ts) and, for a relay with a DKIM key, `signMime`, exactly
 * as the SMTP transport does in `send` (transports/smtp.ts). The reference beside it: nodemailer's
 * MailComposer building the same composed message (the library decision 0802 replaced).
 */
// @ts-nocheck

import crypto from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { composeMessage, listIdHeader, type SendingCampaign } from '../../packages/server/src/sending/compose.ts';
import { compileMessage } from '../../packages/server/src/sending/render/message.ts';
import { seededRng } from '../../packages/server/src/sending/render/random.ts';
import { Compiler } from '../../packages/server/src/sending/render/template.ts';
import { buildMime } from '../../packages/server/src/sending/transports/mime.ts';
import { signMime } from '../../packages/server/src/sending/transports/dkim.ts';
import type { OutgoingMessage } from '../../packages/server/src/sending/transports/transport.ts';
import { ownCpuMs } from '../lib/measure.ts';
import { html, people, sources } from './fixture.ts';

/** The message's own text/plain alternative (a campaign's `text_content`), with the same kinds of macros. */
const text = `{greeting} [name] [surname],

{intro} deals picked for [city] ([geo]) on [date], just for [email].

${Array.from(
  { length: 12 },
  (_, i) => `Section ${i + 1}: this week's selection. Lorem ipsum dolor sit amet, consectetur adipiscing elit.
Integer vitae justo nec urna tincidunt gravida. Curabitur sit amet augue a mauris gravida tempus.`,
).join('\n\n')}

See the offer: [offer]

{signoff}, [sender]. Unsubscribe: [unsub]`;

/** A campaign as `loadSendingCampaign` makes it, without the database; the subject needs RFC 2047 words. */
function campaign(ownText: boolean): SendingCampaign {
  const texts = {
    sender: '{Anna|Mark} from Deals',
    subject: '{greeting} [name], {intro} {Angebote für Sie|Offres spéciales|Deals of the week}',
    html,
    text: ownText ? text : null,
  };
  const compiled = compileMessage(texts, sources);
  if (compiled.unresolved.length) throw new Error(`unresolved: ${compiled.unresolved.join(', ')}`);
  return {
    id: 42,
    type: 1,
    name: 'bench',
    userId: 3,
    status: 1,
    smtpRelayGroupId: 1,
    pmtaRelayGroupId: 1,
    relayStatus: 1,
    compiled,
    unsubscribe: new Compiler(sources).compile('[unsub]', 'text'),
    listId: listIdHeader({ id: 7, name: 'Weekly picks', userId: 3 }, 'https://t1.example.com'),
    rng: seededRng(42),
  };
}

const secret = crypto.randomBytes(32);
const relay = { id: 17, senderEmail: 'news@mta17.example.net', host: 'mta17.example.net' };
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkim = {
  domainName: 'mta17.example.net',
  keySelector: 'bench',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

const recipient = (i: number) => {
  const p = people[i % people.length]!;
  return {
    emailId: i + 1,
    email: p.email,
    domain: p.email.slice(p.email.indexOf('@') + 1),
    mailProviderId: 1,
    name: p.name,
    surname: p.surname,
    city: p.city,
    geo: p.geo,
    birthYear: p.birthYear,
    attempts: 0,
  };
};

const nodemailerBytes = (o: OutgoingMessage): Promise<Buffer> =>
  new MailComposer({
    from: { name: o.from.name, address: o.from.address },
    to: o.to,
    subject: o.subject,
    html: o.html,
    ...(o.text !== undefined ? { text: o.text } : {}),
    messageId: o.messageId,
    headers: o.headers,
  })
    .compile()
    .build();

type Build = (o: OutgoingMessage) => Buffer | Promise<Buffer> | number;
export interface MimeMeasure {
  label: string;
  n: number;
  perSecond: number;
  cpuUsPerMessage: number;
  bytes: number;
}

interface Measure {
  label: string;
  campaign: SendingCampaign;
  share: number;
  build: Build;
}

/** One pass of `n` messages: wall seconds, CPU milliseconds, bytes. */
async function pass(m: Measure, n: number, from: number) {
  let bytes = 0;
  const cpu0 = ownCpuMs();
  const t0 = process.hrtime.bigint();
  for (let i = from; i < from + n; i++) {
    const out = await m.build(composeMessage(secret, m.campaign, recipient(i), relay));
    bytes += typeof out === 'number' ? out : out.length;
  }
  return { seconds: Number(process.hrtime.bigint() - t0) / 1e9, cpuMs: ownCpuMs() - cpu0, bytes };
}

/**
 * Every MIME measure over about `n` messages each (the slowest a quarter), the last one the reference. They
 * run interleaved in `rounds` rounds so that the other work of a shared machine weighs on each alike.
 */
export async function mimeMeasures(n: number, rounds = 4): Promise<MimeMeasure[]> {
  const own = campaign(true);
  const made = campaign(false);
  // Sanity: the engine's message has what the reference builds (RFC 2047 subject, QP parts, the headers).
  const sample = buildMime(composeMessage(secret, own, recipient(0), relay)).toString();
  for (const must of ['Subject: =?UTF-8?B?', 'List-Unsubscribe: <https://', 'quoted-printable', 'text/plain'])
    if (!sample.includes(must)) throw new Error(`the engine's message lacks ${must}`);
  const measures: Measure[] = [
    { label: 'compose only (tracking id, render, headers)', campaign: own, share: 1, build: (o) => o.html.length },
    { label: 'compose + MIME, own text part', campaign: own, share: 1, build: (o) => buildMime(o) },
    { label: 'compose + MIME, text made from HTML', campaign: made, share: 0.25, build: (o) => buildMime(o) },
    {
      label: 'compose + MIME + DKIM, own text part',
      campaign: own,
      share: 0.5,
      build: (o) => signMime(buildMime(o), dkim),
    },
    { label: 'reference: compose + nodemailer composer', campaign: own, share: 1, build: nodemailerBytes },
  ];
  for (const m of measures) await pass(m, 500, 0); // warm-up
  const totals = measures.map(() => ({ n: 0, seconds: 0, cpuMs: 0, bytes: 0 }));
  for (let round = 0; round < rounds; round++)
    for (const [k, m] of measures.entries()) {
      const count = Math.max(1, Math.round((n * m.share) / rounds));
      const r = await pass(m, count, round * count);
      const t = totals[k]!;
      t.n += count;
      t.seconds += r.seconds;
      t.cpuMs += r.cpuMs;
      t.bytes += r.bytes;
    }
  return measures.map((m, k) => {
    const t = totals[k]!;
    return {
      label: m.label,
      n: t.n,
      perSecond: t.n / t.seconds,
      cpuUsPerMessage: (t.cpuMs * 1000) / t.n,
      bytes: t.bytes / t.n,
    };
  });
}
