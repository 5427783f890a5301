// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SERVICE_SETTING_DEFAULTS } from '@console/shared/mail-service-settings';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const count = async () => (await q('select count(*)::int as n from mail_service_settings'))[0].n as number;
const body = { name: 'Gmail slow', domainMacro: 'Gmail', ...MAIL_SERVICE_SETTING_DEFAULTS };
const post = (payload: object, u = admin) => t.as(u, { method: 'POST', url: '/api/mail_service_settings', payload });

describe('mail service settings', () => {
  it('creates with the spec defaults, lists by name 10 a page, updates, renders its PowerMTA blocks, deletes', async () => {
    const res = await post({ ...body, maxMsgRate: '500/h', retryAfter: '10m,20m,1h' });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ ...body, maxMsgRate: '500/h', retryAfter: '10m,20m,1h' });
    const cfg = await t.as(admin, { method: 'GET', url: `/api/mail_service_settings/${s.id}/pmta_config` });
    expect(cfg.json().domains).toEqual(['gmail.com', 'googlemail.com']);
    expect(cfg.json().config).toBe(
      [
        `# Mail service setting #${s.id} Gmail slow`,
        ...['gmail.com', 'googlemail.com'].map((d) =>
          [
            `<domain ${d}>`,
            '  max-smtp-out 20',
            '  max-msg-per-connection 0',
            '  max-errors-per-connection unlimited',
            '  max-msg-rate 500/h',
            '  retry-after 10m,20m,1h',
            '  bounce-after 4d12h',
            '  backoff-max-msg-rate unlimited',
            '  backoff-retry-after 1h',
            '  backoff-to-normal-after-delivery no',
            '  backoff-to-normal-after never',
            '  smtp-pattern-list blocking-errors',
            '  bounce-upon-no-mx no',
            '  assume-delivery-upon-data-termination-timeout no',
            '  smtp-421-means-mx-unavailable no',
            '  smtp-553-means-invalid-mailbox yes',
            '  bounce-upon-5xx-greeting yes',
            '  connect-timeout 2m',
            '  smtp-greeting-timeout 5m',
            '  data-send-timeout 3m',
            '  dk-sign no',
            '  dkim-sign no',
            '  deliver-local-dsn yes',
            '</domain>',
          ].join('\n'),
        ),
      ].join('\n') + '\n',
    );
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/mail_service_settings/${s.id}`,
      payload: { ...body, domainMacro: 'example.com, Example.org', dkimSign: true },
    });
    expect(put.json()).toMatchObject({ domainMacro: 'example.com, Example.org', dkimSign: true });
    const cfg2 = (await t.as(admin, { method: 'GET', url: `/api/mail_service_settings/${s.id}/pmta_config` })).json();
    expect(cfg2.domains).toEqual(['example.com', 'example.org']);
    expect(cfg2.config).toContain('  dkim-sign yes');
    for (let i = 0; i < 11; i++) await post({ ...body, name: `bulk ${String(i).padStart(2, '0')}` });
    const page = (await t.as(admin, { method: 'GET', url: '/api/mail_service_settings' })).json();
    expect([page['hydra:member'].length, page['hydra:totalItems']]).toEqual([10, 12]);
    const named = (await t.as(admin, { method: 'GET', url: '/api/mail_service_settings?name=slow' })).json();
    expect(named['hydra:member'].map((x: { name: string }) => x.name)).toEqual(['Gmail slow']);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/mail_service_settings/${s.id}` })).statusCode).toBe(204);
    expect((await t.as(admin, { method: 'GET', url: `/api/mail_service_settings/${s.id}` })).statusCode).toBe(404);
  });

  it('takes * as every domain', async () => {
    const s = (await post({ ...body, name: 'default', domainMacro: '*' })).json();
    const cfg = (await t.as(admin, { method: 'GET', url: `/api/mail_service_settings/${s.id}/pmta_config` })).json();
    expect(cfg.domains).toEqual(['*']);
    expect(cfg.config).toContain('<domain *>');
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'Name is required' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Name must be no longer than 100 characters' }],
    ['no domain macro', { domainMacro: ' ' }, { domainMacro: 'Domain Macro is required' }],
    [
      'a domain macro naming nothing',
      { domainMacro: 'Gmial' },
      {
        domainMacro:
          'Domain Macro names no domain: give a mail service name (e.g. Gmail), domains separated by commas, or *.',
      },
    ],
    ['no max smtp out', { maxSmtpOut: '' }, { maxSmtpOut: 'Max Smtp Out is required' }],
    ['a fractional max smtp out', { maxSmtpOut: '2.5' }, { maxSmtpOut: 'Max Smtp Out must be integer' }],
    [
      'a text max msg per connection',
      { maxMsgPerConnection: 'many' },
      { maxMsgPerConnection: 'Max Msg Per Connection must be integer' },
    ],
    [
      'a bad rate',
      { maxMsgRate: '10/week' },
      { maxMsgRate: 'Max Msg Rate must be unlimited or N/h, N/hr, N/m, N/min, N/s, N/sec' },
    ],
    [
      'a bad backoff rate',
      { backoffMaxMsgRate: 'fast' },
      { backoffMaxMsgRate: 'Backoff Max Msg Rate must be unlimited or N/h, N/hr, N/m, N/min, N/s, N/sec' },
    ],
    [
      'a bad back-to-normal',
      { backoffToNormalAfter: 'soon' },
      { backoffToNormalAfter: "Backoff To Normal After must be 'never' or a number with d, h, m or s" },
    ],
    ['no retry after', { retryAfter: '' }, { retryAfter: 'Retry After is required' }],
    [
      'a long timeout',
      { connectTimeout: 'x'.repeat(101) },
      { connectTimeout: 'Connect Timeout must be no longer than 100 characters' },
    ],
    [
      'a line break in a value',
      { bounceAfter: '4d\n</domain>' },
      { bounceAfter: 'Bounce After must be one value without spaces' },
    ],
    ['a text boolean', { dkimSign: 'yes' }, { dkimSign: 'Dkim Sign must be true or false' }],
  ])('refuses %s, and adds nothing', async (_, over, error) => {
    const before = await count();
    const res = await post({ ...body, ...over });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it('answers 401 without a token and 403 to an ordinary user, changing nothing', async () => {
    const s = (await post({ ...body, name: 'kept' })).json();
    const user = await t.user();
    for (const [method, url] of [
      ['GET', '/api/mail_service_settings'],
      ['GET', `/api/mail_service_settings/${s.id}`],
      ['PUT', `/api/mail_service_settings/${s.id}`],
      ['DELETE', `/api/mail_service_settings/${s.id}`],
      ['GET', `/api/mail_service_settings/${s.id}/pmta_config`],
      ['POST', '/api/mail_service_settings'],
    ] as const) {
      expect((await t.as(user, { method, url, payload: { ...body, name: 'changed' } })).statusCode).toBe(403);
      expect((await t.as(null, { method, url })).statusCode).toBe(401);
    }
    expect((await q('select name from mail_service_settings where id = $1', [s.id]))[0].name).toBe('kept');
    expect((await t.as(admin, { method: 'GET', url: '/api/mail_service_settings/0x1' })).statusCode).toBe(422);
  });
});

describe('mail service settings: defaults (issue 22)', () => {
  it('takes every spec default a create leaves out, and the OpenAPI document shows them', async () => {
    const res = await post({ name: 'Only a name', domainMacro: 'Gmail' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject(MAIL_SERVICE_SETTING_DEFAULTS);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = doc.paths['/api/mail_service_settings'].post.requestBody.content['application/json'].schema;
    for (const [k, v] of Object.entries(MAIL_SERVICE_SETTING_DEFAULTS))
      expect(schema.properties[k].default, k).toEqual(v);
  });
});
