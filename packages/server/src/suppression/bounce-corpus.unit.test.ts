import { describe, expect, it } from 'vitest';
import type { BounceOutcome } from './bounce-rules.ts';
import { classifyBounce } from './bounces.ts';

/*
 * The corpus (issue 39, section 1): replies and DSN diagnostic texts in the shapes the major receivers send,
 * one row each naming the receiver and what must happen to the address: `permanent` (Bounced Emails at
 * once), `temporary` (a soft bounce: suppressed only after the limit), `infrastructure` (never the
 * recipient: counted against the relay). Addresses and IPs are documentation ones (example.com, 203.0.113.x).
 */

type Row = [receiver: string, reply: string, outcome: BounceOutcome];

const P = 'permanent';
const T = 'temporary';
const I = 'infrastructure';

const CORPUS: Row[] = [
  // Gmail
  [
    'Gmail',
    "550-5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. Learn more at https://support.google.com/mail/?p=NoSuchUser a1si123456qkb.12 - gsmtp",
    P,
  ],
  [
    'Gmail',
    '550-5.2.1 The email account that you tried to reach is disabled. Learn more at https://support.google.com/mail/?p=DisabledUser a1si123456qkb.12 - gsmtp',
    P,
  ],
  [
    'Gmail',
    '452-4.2.2 The email account that you tried to reach is over quota. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp a1si123456qkb.12 - gsmtp',
    T,
  ],
  [
    'Gmail',
    '552-5.2.2 The email account that you tried to reach is over quota and inactive. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaPerm a1si123456qkb.12 - gsmtp',
    T,
  ],
  [
    'Gmail',
    '550-5.7.1 [203.0.113.5] Our system has detected that this message is likely unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked. a1si123456qkb.12 - gsmtp',
    I,
  ],
  [
    'Gmail',
    '421-4.7.0 [203.0.113.5] Our system has detected an unusual rate of unsolicited mail originating from your IP address. To protect our users from spam, mail sent from your IP address has been temporarily rate limited. - gsmtp',
    I,
  ],
  [
    'Gmail',
    '550-5.7.26 This mail has been blocked because the sender is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM. - gsmtp',
    I,
  ],
  [
    'Gmail',
    "550-5.7.1 [203.0.113.5] The IP you're using to send mail is not authorized to send email directly to our servers. Please use the SMTP relay at your service provider instead. - gsmtp",
    I,
  ],
  [
    'Gmail',
    '552-5.7.0 This message was blocked because its content presents a potential security issue. Please visit https://support.google.com/mail/?p=BlockedMessage - gsmtp',
    I,
  ],
  ['Gmail', '451-4.3.0 Mail server temporarily rejected message. a1si123456qkb.12 - gsmtp', T],
  [
    'Gmail DSN "Delivery Status Notification (Failure)"',
    "Address not found\nYour message wasn't delivered to user@example.com because the address couldn't be found, or is unable to receive mail.\nThe response from the remote server was:\n550 5.1.1 <user@example.com>: Recipient address rejected: User unknown in virtual mailbox table",
    P,
  ],
  [
    'Gmail DSN "Delivery Status Notification (Failure)"',
    "Message not delivered\nThere was a problem delivering your message to user@example.invalid. See the technical details below.\nDNS Error: 27608245 DNS type 'mx' lookup of example.invalid responded with code NXDOMAIN Domain name not found: example.invalid",
    P,
  ],
  // Outlook.com / Hotmail
  [
    'Outlook.com',
    '550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302). [BN1NAM02FT057.eop-nam02.prod.protection.outlook.com]',
    P,
  ],
  [
    'Outlook.com',
    "550 5.7.1 Unfortunately, messages from [203.0.113.5] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150). You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors.",
    I,
  ],
  [
    'Outlook.com',
    '550 5.7.1 Service unavailable, Client host [203.0.113.5] blocked using Spamhaus. To request removal from this list see https://www.spamhaus.org/query/ip/203.0.113.5 (AS3130). [DB5EUR03FT012.eop-EUR03.prod.protection.outlook.com]',
    I,
  ],
  [
    'Outlook.com',
    '421 4.7.650 The mail server [203.0.113.5] has been temporarily rate limited due to IP reputation. For e-mail delivery information, see https://postmaster.live.com (S775) [Name=Protocol Filter Agent]',
    I,
  ],
  [
    'Outlook.com',
    '451 4.7.500 Server busy. Please try again later from [203.0.113.5]. (S77714) [DM6NAM12FT012.eop-nam12.prod.protection.outlook.com]',
    I,
  ],
  [
    'Outlook.com',
    "550 5.7.1 Unfortunately, messages from [203.0.113.5] weren't sent. Please contact your Internet service provider. You can tell them that Hotmail does not relay dynamically-assigned IP ranges. (S3140)",
    I,
  ],
  // Office 365 / Exchange Online NDRs
  [
    'Office 365 NDR',
    '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient user@example.com not found by SMTP address lookup',
    P,
  ],
  ['Office 365 NDR', "Remote Server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'", P],
  [
    'Office 365 NDR',
    '554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException.MapiExceptionShutoffQuotaExceeded; Failed to process message due to a permanent exception',
    T,
  ],
  [
    'Office 365 NDR',
    '550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP. For more information please go to http://go.microsoft.com/fwlink/?LinkId=526653 AS(900)',
    I,
  ],
  [
    'Office 365 NDR',
    '550 5.7.606 Access denied, banned sending IP [203.0.113.5]. To request removal from this list please visit https://sender.office.com/ and follow the directions.',
    I,
  ],
  [
    'Office 365 NDR',
    '550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [DM6NAM12FT012.eop-nam12.prod.protection.outlook.com]',
    T,
  ],
  [
    'Office 365 NDR',
    '550 5.7.509 Access denied, sending domain example.com does not pass DMARC verification and has a DMARC policy of reject.',
    I,
  ],
  // Exchange on premises
  ['Exchange', '#550 5.1.1 RESOLVER.ADR.ExRecipNotFound; not found ##', P],
  ['Exchange', '452 4.3.1 Insufficient system resources', T],
  ['Exchange', '554 5.4.14 Hop count exceeded - possible mail loop ATTR34', T],
  ['Exchange', '550 5.2.1 The mailbox is disabled', P],
  // Yahoo / AOL
  [
    'Yahoo',
    "554 delivery error: dd This user doesn't have a yahoo.com account (user@yahoo.com) [0] - mta1234.mail.ne1.yahoo.com",
    P,
  ],
  [
    'Yahoo',
    '421 4.7.0 [TSS04] Messages from 203.0.113.5 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes',
    I,
  ],
  [
    'Yahoo',
    "553 5.7.1 [BL21] Connections will not be accepted from 203.0.113.5, because the ip is in Spamhaus's list; see https://postmaster.yahooinc.com/error-codes",
    I,
  ],
  ['Yahoo', '554 5.7.9 Message not accepted for policy reasons.  See https://postmaster.yahooinc.com/error-codes', I],
  ['Yahoo', '552 1 Requested mail action aborted, mailbox not found', P],
  ['Yahoo', '451 Message temporarily deferred - [160]', T],
  // Mail.ru
  [
    'Mail.ru',
    '550 Message was not accepted -- invalid mailbox.  Local mailbox user@mail.ru is unavailable: user not found',
    P,
  ],
  [
    'Mail.ru',
    '550 Message was not accepted -- invalid mailbox.  Local mailbox user@mail.ru is unavailable: account is disabled',
    P,
  ],
  [
    'Mail.ru',
    '550 spam message rejected. Please visit http://help.mail.ru/notspam-support/id?c=abc or report details to abuse@corp.mail.ru. Error code: 1234. ID: 5678.',
    I,
  ],
  ['Mail.ru', '451 Ratelimit exceeded for mailbox user@mail.ru. Try again later.', I],
  ['Mail.ru', '452 4.2.2 Mailbox user@mail.ru is over quota', T],
  // Yandex
  ['Yandex', '550 5.7.1 No such user!', P],
  ['Yandex', '554 5.7.1 [2] Message rejected under suspicion of SPAM; https://ya.cc/1IrBc 1234567890-AbCdEfGh', I],
  ['Yandex', '452 4.2.2 Mailbox size limit exceeded', T],
  ['Yandex', '550 5.7.1 Policy rejection on the target address', I],
  ['Yandex', '451 4.7.1 Sorry, the service is currently unavailable. Please come back later.', I],
  // GMX / web.de
  ['GMX', '550 Requested action not taken: mailbox unavailable', P],
  [
    'GMX',
    '554-gmx.net (mxgmx117) Nemesis ESMTP Service not available\n554-No SMTP service\n554-IP address is block listed.\n554 For explanation visit https://www.gmx.net/mail/senderguidelines?c=bl',
    I,
  ],
  ['GMX', '421 gmx.net (mxgmx016) Nemesis ESMTP Service not available. Too many connections from 203.0.113.5', I],
  ['web.de', '552 5.2.2 Mailbox full (user@web.de)', T],
  [
    'web.de',
    '554-web.de (mxweb011) Nemesis ESMTP Service not available\n554-No SMTP service\n554-Reject due to policy restrictions.\n554 For explanation visit https://web.de/email/senderguidelines?ip=203.0.113.5&c=hi',
    I,
  ],
  // Orange
  ['Orange', '550 mwinf5c13 ME Adresse d destination invalide. Invalid recipient. OFR_416 [416]', P],
  [
    'Orange',
    '421 mwinf5c20 ME Service refuse. Veuillez essayer plus tard. Service refused, please try later. OFR004_104 [104]',
    I,
  ],
  ['Orange', '550 mwinf5d05 ME Adresse IP source listee en liste noire RBL. Blacklisted IP address. OFR_506 [506]', I],
  ['Orange', '552 5.2.2 Boite du destinataire pleine. Recipient overquota. OFR_417 [417]', T],
  // Postfix
  ['Postfix', '550 5.1.1 <user@example.com>: Recipient address rejected: User unknown in local recipient table', P],
  [
    'Postfix',
    '554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/203.0.113.5',
    I,
  ],
  [
    'Postfix',
    '450 4.2.0 <user@example.com>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/example.com.html',
    T,
  ],
  ['Postfix', '550 5.1.2 <user@example.invalid>: Recipient address rejected: Domain not found', P],
  ['Postfix', '552 5.2.2 <user@example.com>: Recipient address rejected: mailbox full', T],
  ['Postfix', '554 5.7.1 <unknown[203.0.113.5]>: Client host rejected: Access denied', I],
  ['Postfix', '451 4.3.5 Server configuration problem', I],
  ['Postfix', '554 5.4.6 Too many hops', T],
  ['Postfix', '554 5.7.1 <user@example.com>: Relay access denied', I],
  [
    'Postfix',
    '550 5.7.1 <user@example.com>: Recipient address rejected: Message rejected due to: SPF fail - not authorized.',
    I,
  ],
  // Exim
  ['Exim', '550 Unrouteable address', P],
  ['Exim', '550-Verification failed for <bounce@sender.example>\n550-Unrouteable address\n550 Sender verify failed', I],
  ['Exim', '550 5.7.1 Rejected: 203.0.113.5 listed at zen.spamhaus.org', I],
  ['Exim', '552 Mailbox quota exceeded', T],
  ['Exim', 'retry timeout exceeded', T],
  ['Exim', '550 Administrative prohibition', I],
  // qmail
  ['qmail', 'Sorry, no mailbox here by that name. (#5.1.1)', P],
  ['qmail', "Sorry, I couldn't find any host named example.invalid. (#5.1.2)", P],
  ['qmail', 'The users mailfolder is over the allowed quota (size). (#5.2.2)', T],
  ['qmail', "Sorry, I wasn't able to establish an SMTP connection. (#4.4.1)", T],
  // Sendmail
  ['Sendmail', '550 5.1.1 <user@example.com>... User unknown', P],
  ['Sendmail', '553 5.3.0 <user@example.com>... Addressee unknown, relay=[203.0.113.5]', P],
  ['Sendmail', '554 5.7.1 <user@example.com>... Rejected: 203.0.113.5 listed at bl.spamcop.net', I],
  ['Sendmail', '451 4.4.1 reply: read error from mx.example.com.', T],
  ['Sendmail', '552 5.2.2 <user@example.com>... Mailbox full', T],
  // Others
  ['iCloud', '550 5.1.1 <user@icloud.com>: inactive email address', P],
  [
    'Comcast',
    '554 5.7.1 203.0.113.5 found on one or more DNSBLs, see http://postmaster.comcast.net/smtp-error-codes.php#BL000001',
    I,
  ],
  ['PMTA (own diagnostic)', 'smtp;554 5.4.7 [internal] message expired after 3 days', I],
  [
    'Barracuda',
    '554 Service unavailable; Client host [203.0.113.5] blocked using Barracuda Reputation; http://www.barracudanetworks.com/reputation/?pr=1&ip=203.0.113.5',
    I,
  ],
  ['a bare code', '552 Requested mail action aborted: exceeded storage allocation', T],
];

describe('the corpus: real shapes of replies and DSNs, one row each', () => {
  it('holds at least 60 rows', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CORPUS)('%s: %s -> %s', (_receiver, reply, outcome) => {
    expect(classifyBounce({ text: reply }).outcome).toBe(outcome);
  });

  it('a block of the sending IP is never a recipient bounce, whatever the code', () => {
    for (const [, reply] of CORPUS.filter(([, r]) => /blocked using|listed at|block ?list/i.test(r)))
      expect(classifyBounce({ text: reply }).outcome, reply).toBe('infrastructure');
  });
});
