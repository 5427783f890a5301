import { createHash } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/*
 * The demo's small internet on loopback: the mail servers of the providers' domains, one SMTP receiver that
 * answers like them. Most mail is accepted and handed to the recipients; some is deferred once with a 421
 * and a few addresses bounce with the 5xx replies the big providers really send. The SMTP relays of the
 * SMTP campaigns and the PowerMTA simulators' downstream both point here.
 */

/** A stable number in [0, 1) for an address and a purpose: the same recipient behaves the same way. */
export function chance(address: string, purpose: string): number {
  return createHash('sha1').update(`${purpose}:${address}`).digest().readUInt32BE(0) / 2 ** 32;
}

export const RATES = {
  /** Addresses that do not exist (answered 550 on every attempt). */
  bounce: 0.025,
  /** Recipients deferred (421) on their first attempt, accepted on the next. */
  defer: 0.04,
} as const;

const BOUNCES: Record<string, string> = {
  'gmail.com':
    "5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser",
  'yahoo.com': '5.1.1 <{rcpt}>: Recipient address rejected: User unknown in virtual mailbox table',
  'outlook.com':
    '5.5.0 Requested action not taken: mailbox unavailable (S2017062302). [BN1NAM02FT064.eop-nam02.prod.protection.outlook.com]',
  'hotmail.com':
    '5.5.0 Requested action not taken: mailbox unavailable (S2017062302). [DM6NAM12FT020.eop-nam12.prod.protection.outlook.com]',
  'aol.com': '5.1.1 <{rcpt}>: Recipient address rejected: User unknown in local recipient table',
  'gmx.de': '5.1.1 <{rcpt}>: Mailbox disabled for this recipient',
};
/*
 * A recipient's own temporary failure (a full or busy mailbox), not a provider throttling the sender: none of
 * these matches the console's PMTA backoff patterns, so a queue's backoff in the demo is the storm's alone
 * (decision 1470).
 */
const DEFERS: Record<string, string> = {
  'gmail.com':
    '4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered. Please resend your message at a later point.',
  'yahoo.com': '4.7.0 [TSS04] Messages from 127.0.0.1 temporarily deferred due to unexpected volume or user complaints',
  'outlook.com':
    "4.2.2 The recipient's mailbox is full and can't accept messages now. Please try resending this message later.",
  'hotmail.com':
    "4.2.2 The recipient's mailbox is full and can't accept messages now. Please try resending this message later.",
};

/**
 * Microsoft rate-limiting one sending IP (its S775 reply): the text PowerMTA's pattern list turns into
 * backoff (decision 1470).
 */
export const microsoftThrottle = (ip: string) =>
  `4.7.650 The mail server [${ip}] has been temporarily rate limited due to IP reputation. For e-mail delivery information, see https://postmaster.live.com (S775) [Name=Protocol Filter Agent][AGT=PFA][MxId=11BA3C2F6D8E4A51] [BN1NAM02FT033.eop-nam02.prod.protection.outlook.com]`;

/**
 * A provider pushing back on one sender for a while (decision 1470): every recipient at `domains` from an
 * envelope sender at `sender` (a relay's host, `news@mta1.pmta-1.localhost`) is answered 421 `reply` for
 * `forMs` from the first message it hits, then the provider accepts again.
 */
export interface Storm {
  sender: string;
  domains: string[];
  forMs: number;
  reply: string;
}

const domainOf = (rcpt: string) => rcpt.slice(rcpt.lastIndexOf('@') + 1).toLowerCase();

/** The 5xx text the recipient's provider answers for an address that does not exist. */
export const bounceReply = (rcpt: string) =>
  (BOUNCES[domainOf(rcpt)] ?? '5.1.1 <{rcpt}>: Recipient address rejected: User unknown').replace('{rcpt}', rcpt);

/** The 4xx text the recipient's provider answers when it defers. */
export const deferReply = (rcpt: string) =>
  DEFERS[domainOf(rcpt)] ?? '4.2.2 Mailbox temporarily over its limit, please retry this message later';

export interface Delivered {
  rcpt: string;
  mail: ParsedMail;
}

export interface Receiver {
  port: number;
  counts: { accepted: number; deferred: number; bounced: number };
  /** The storm's start (ms since the epoch) once it hit a first message, and the replies it gave. */
  storm: { startedAt?: number; deferred: number };
  close(): Promise<void>;
}

/**
 * `late`: where the reports the mail servers write back later go (decision 1444): the envelope sender and
 * the report (lateReport of report-mailbox.ts).
 */
export async function startReceiver(
  port: number,
  deliver: (d: Delivered) => void,
  late?: (mailFrom: string, rcpt: string, headers: string) => void,
  storm?: Storm,
): Promise<Receiver> {
  const tries = new Map<string, number>();
  const counts = { accepted: 0, deferred: 0, bounced: 0 };
  const stormState: Receiver['storm'] = { deferred: 0 };
  const inStorm = (mailFrom: string, rcpt: string) => {
    if (!storm || domainOf(mailFrom) !== storm.sender || !storm.domains.includes(domainOf(rcpt))) return false;
    stormState.startedAt ??= Date.now();
    return Date.now() - stormState.startedAt < storm.forMs;
  };
  const reply = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });
  const server = new SMTPServer({
    banner: 'mx.demo ESMTP ready',
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 500,
    onAuth: (auth, _s, cb) => cb(null, { user: auth.username }),
    onRcptTo(address, session, cb) {
      const rcpt = address.address.toLowerCase();
      if (storm && inStorm(session.envelope.mailFrom ? session.envelope.mailFrom.address : '', rcpt)) {
        counts.deferred++;
        stormState.deferred++;
        return cb(reply(421, storm.reply));
      }
      if (chance(rcpt, 'bounce') < RATES.bounce) {
        counts.bounced++;
        return cb(reply(550, bounceReply(rcpt)));
      }
      const n = (tries.get(rcpt) ?? 0) + 1;
      tries.set(rcpt, n);
      if (n === 1 && chance(rcpt, 'defer') < RATES.defer) {
        counts.deferred++;
        return cb(reply(421, deferReply(rcpt)));
      }
      cb();
    },
    onData(stream, session, cb) {
      const rcpts = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
      simpleParser(stream)
        .then((mail) => {
          counts.accepted += rcpts.length;
          const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const headers = mail.headerLines.map((h) => h.line).join('\r\n');
          for (const rcpt of rcpts) {
            tries.delete(rcpt);
            deliver({ rcpt, mail });
            if (late && mailFrom) late(mailFrom, rcpt, headers);
          }
          cb(null, `2.0.0 OK ${Date.now().toString(36)} - demo`);
        })
        .catch((e: Error) => cb(reply(451, `4.3.0 ${e.message}`)));
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.server.address() as { port: number }).port,
    counts,
    storm: stormState,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
