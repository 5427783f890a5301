import { describe, expect, it } from 'vitest';
import { isAuthFailure, isThrottling } from './replies.ts';
import { resultOfError } from './transports/smtp.ts';

describe('SMTP replies to the sender', () => {
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
