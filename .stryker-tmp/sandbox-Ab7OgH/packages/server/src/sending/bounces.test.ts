// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { classifyBounce, HARD_CATEGORIES, isAuthFailure, isThrottling } from './bounces.ts';
import { resultOfError } from './transports/smtp.ts';

describe('bounce classification (PMTA.md categories)', () => {
  it.each([
    [550, '550 5.1.1 <a@b.c>: Recipient address rejected: User unknown', 'bad-mailbox'],
    [550, '550-5.1.1 The email account that you tried to reach does not exist.', 'bad-mailbox'],
    [550, '550 No such user here', 'bad-mailbox'],
    [553, '553 sorry, that address is not allowed', 'policy-related'],
    [550, '550 5.1.2 Host unknown: domain not found', 'bad-domain'],
    [550, '550 5.2.1 The email account that you tried to reach is disabled.', 'inactive-mailbox'],
    [552, '552 5.2.2 The email account that you tried to reach is over quota.', 'quota-issues'],
    [550, '550 5.7.1 Service unavailable; client host blocked using Spamhaus', 'spam-related'],
    [550, '550 5.7.1 Message rejected as spam by Content Filtering', 'spam-related'],
    [554, '554 5.7.1 Relay access denied', 'relaying-issues'],
    [550, '550 5.7.1 Our system has detected that this message is likely unsolicited mail', 'spam-related'],
    [550, '550 5.7.26 Unauthenticated email from example.com is not accepted due to DMARC policy', 'invalid-sender'],
    [553, '553 5.1.8 Sender address rejected: Domain not found', 'invalid-sender'],
    [554, '554 5.6.0 Message contains a virus', 'virus-related'],
    [552, '552 5.3.4 Message size exceeds fixed limit', 'content-related'],
    [554, '554 5.4.6 Hop count exceeded - possible mail loop', 'routing-errors'],
    [500, '500 5.5.1 Command unrecognized', 'protocol-errors'],
    [554, '554 5.7.0 Rejected by policy', 'policy-related'],
    [554, '554 Transaction failed', 'other'],
    [421, '421 4.4.2 Connection dropped', 'bad-connection'],
    [450, '450 4.4.7 Message expired', 'message-expired'],
  ])('%i %s -> %s', (code, text, category) => {
    expect(classifyBounce(code, text)).toBe(category);
  });

  it('suppresses only dead addresses', () => {
    expect([...HARD_CATEGORIES].sort()).toEqual(['bad-domain', 'bad-mailbox', 'inactive-mailbox', 'routing-errors']);
  });

  it('tells throttling and login failures', () => {
    expect(isThrottling(421, '421 4.7.0 Try again later')).toBe(true);
    expect(isThrottling(450, '450 4.2.1 rate limited, slow down')).toBe(true);
    expect(isThrottling(452, '452 4.5.3 Too many recipients')).toBe(true);
    expect(isThrottling(451, '451 4.3.0 Temporary local problem')).toBe(false);
    expect(isThrottling(550, '550 too many')).toBe(false);
    expect([530, 534, 535].every(isAuthFailure)).toBe(true);
    expect(isAuthFailure(550)).toBe(false);
  });

  it('turns transport errors into results; a broken session is never "deferred"', () => {
    const e = (o: object) => Object.assign(new Error('x'), o);
    expect(
      resultOfError(e({ code: 'EENVELOPE', responseCode: 550, response: '550 nope', command: 'RCPT TO' })),
    ).toEqual({
      kind: 'rejected',
      code: 550,
      reply: '550 nope',
    });
    expect(resultOfError(e({ code: 'EENVELOPE', responseCode: 421, response: '421 later' })).kind).toBe('deferred');
    expect(resultOfError(e({ code: 'EAUTH', responseCode: 535, response: '535 bad' })).kind).toBe('authFailed');
    expect(resultOfError(e({ code: 'ECONNECTION', originalCode: 'ECONNREFUSED', command: 'CONN' }))).toMatchObject({
      kind: 'deferred',
      code: 0,
    });
    expect(
      resultOfError(e({ code: 'ECONNECTION', command: 'CONN', message: 'Connection closed unexpectedly' })).kind,
    ).toBe('unknown');
    expect(resultOfError(e({ code: 'ETIMEDOUT', command: 'DATA' })).kind).toBe('unknown');
  });
});
