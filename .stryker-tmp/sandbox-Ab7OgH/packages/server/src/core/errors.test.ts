// @ts-nocheck
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log.ts';
import { registerErrorHandler } from './errors.ts';

/** Issue 6, item 3: what the error handler answers and what it leaves in the log. */
async function appThrowing(err: unknown) {
  const stream = new PassThrough();
  let log = '';
  stream.on('data', (c) => (log += c));
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw err;
  });
  const res = await app.inject({
    method: 'GET',
    url: '/boom?token=secret-in-query',
    headers: { authorization: 'Bearer secret-token' },
  });
  await app.close();
  return { res, log: () => log };
}

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';

describe('the error handler', () => {
  it('logs a failed query by its PostgreSQL code and constraint, never its parameters', async () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "users_x_check"'), {
      code: '23514',
      constraint: 'users_x_check',
      detail: `Failing row contains (7, alice, ${hash}).`,
    });
    const err = Object.assign(
      new Error(
        `Failed query: insert into "users" ("username", "password_hash") values ($1, $2)\nparams: alice,${hash}`,
      ),
      { cause },
    );
    const { res, log } = await appThrowing(err);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error' });
    expect(log()).toContain('23514');
    expect(log()).toContain('users_x_check');
    expect(log()).not.toMatch(/argon2|alice|params:|Failing row|secret-in-query|secret-token/);
  });

  it('answers a unique violation the route did not foresee with 409, and logs nothing of it', async () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), {
      code: '23505',
      constraint: 'x_key',
    });
    const { res, log } = await appThrowing(Object.assign(new Error(`Failed query: ...\nparams: ${hash}`), { cause }));
    expect(res.statusCode).toBe(409);
    expect(log()).not.toMatch(/argon2/);
  });

  it.each([
    [
      'a Fastify client error without a status',
      Object.assign(new Error('bad body'), { code: 'FST_ERR_CTP_INVALID_TYPE' }),
      400,
    ],
    ['an error carrying only `status`', Object.assign(new Error('too large'), { status: 413 }), 413],
    ['a client error with `statusCode`', Object.assign(new Error('unsupported'), { statusCode: 415 }), 415],
  ])('keeps %s a 4xx', async (_what, err, status) => {
    const { res } = await appThrowing(err);
    expect(res.statusCode).toBe(status);
  });

  it('answers broken or poisoned JSON with a 4xx', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/echo', async (req) => req.body);
    for (const payload of ['{"a":', '', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect([payload, res.statusCode]).toEqual([payload, 400]);
    }
    const media = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: 'x',
      headers: { 'content-type': 'text/x-odd' },
    });
    expect(media.statusCode).toBe(415);
    await app.close();
  });
});
