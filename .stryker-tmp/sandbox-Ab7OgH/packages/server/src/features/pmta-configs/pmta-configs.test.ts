// @ts-nocheck
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PMTA_CONFIG_MAX_BYTES,
  PmtaConfigMessages as M,
  type AppliedPmtaConfig,
  type PmtaConfig,
} from '@console/shared/pmta-configs';
import type { HydraCollection } from '@console/shared/hydra';
import { appliedPmtaConfigs, pmtaConfigs } from '../../db/schema/index.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { configForm } from './test-helpers.ts';

/*
 * The PMTA config and applied config routes without a PMTA host: access, validation, states. Jobs do not
 * run here (ROLE=api), so nothing is uploaded behind the tests' backs; the uploads themselves are tested
 * against the simulator in applied-pmta-configs.test.ts.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ROLE: 'api' } });
  f = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const SERVER_FILE = '# tuning\n<domain example.org>\n  max-msg-rate 100/h\n</domain>\n';
const RELAY_FILE = '<domain example.net>\n  max-smtp-out 3\n</domain>\n';

const pre = (name: string, type: unknown) => JSON.stringify({ name, type, id: null });
const create = (fields: Record<string, string>, file?: { name: string; content: string | Buffer }, as = admin) =>
  t.as(as, { method: 'POST', url: '/api/pmta_config/create', ...configForm(fields, file) });
const update = (id: number | string, fields: Record<string, string>, file?: { name: string; content: string }) =>
  t.as(admin, { method: 'POST', url: `/api/pmta_config/${id}/update`, ...configForm(fields, file) });
async function made(name: string, type: 0 | 1, content = type === 0 ? SERVER_FILE : RELAY_FILE) {
  const res = await create({ prePmtaConfig: pre(name, type) }, { name: `${name}.conf`, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PmtaConfig;
}
const count = async () => (await t.ctx.db.select().from(pmtaConfigs)).length;
const list = (query: Record<string, string>) =>
  t.as(admin, { method: 'GET', url: '/api/pmta_configs', query }).then((r) => r.json() as HydraCollection<PmtaConfig>);

describe('PMTA configs', () => {
  it('creates a config from the multipart form, lists, shows and gives its content', async () => {
    const res = await create(
      { prePmtaConfig: pre('Server tuning', { id: 0 }) },
      { name: 'tuning.conf', content: SERVER_FILE },
    );
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as PmtaConfig;
    expect(item).toMatchObject({ name: 'Server tuning', type: 0, fileName: 'tuning.conf', version: 1 });
    const one = await t.as(admin, { method: 'GET', url: `/api/pmta_configs/${item.id}` });
    expect(one.json()).toEqual(item);
    const content = await t.as(admin, { method: 'GET', url: `/api/pmta_config/${item.id}/content` });
    expect(content.json()).toEqual({
      id: item.id,
      name: 'Server tuning',
      fileName: 'tuning.conf',
      content: SERVER_FILE,
    });
  });

  it('gives the types by index: 0 servers, 1 relays', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/pmta_config/types' });
    expect(res.json()).toEqual(['servers', 'relays']);
  });

  it('filters by type and name, sorts every column, and gives the select list of a type', async () => {
    const a = await made('Filter alpha', 0);
    const b = await made('Filter beta', 1);
    const c = await made('Filter gamma', 1);
    const relays = await list({ type: '1', name: 'filter' });
    expect(relays['hydra:member'].map((i) => i.id)).toEqual([c.id, b.id]);
    expect(relays['hydra:totalItems']).toBe(2);
    const byName = await list({ name: 'Filter', 'order[name]': 'desc' });
    expect(byName['hydra:member'].map((i) => i.name)).toEqual(['Filter gamma', 'Filter beta', 'Filter alpha']);
    for (const key of ['id', 'name', 'type', 'fileName', 'version', 'updatedAt']) {
      const res = await t.as(admin, { method: 'GET', url: '/api/pmta_configs', query: { [`order[${key}]`]: 'asc' } });
      expect(res.statusCode, key).toBe(200);
    }
    const select = await list({ 'groups[]': 'select', pagination: 'false', type: '0', name: 'Filter' });
    expect(select['hydra:member']).toEqual([{ id: a.id, name: 'Filter alpha' }]);
    const bad = await t.as(admin, { method: 'GET', url: '/api/pmta_configs', query: { type: '2' } });
    expect(bad.statusCode).toBe(422);
  });

  it.each<[string, Record<string, string>, { name: string; content: string } | undefined, Record<string, string>]>([
    ['no name', { prePmtaConfig: pre('', 0) }, { name: 'a.conf', content: SERVER_FILE }, { name: M.nameRequired }],
    [
      'a blank name',
      { prePmtaConfig: pre('   ', 0) },
      { name: 'a.conf', content: SERVER_FILE },
      { name: M.nameRequired },
    ],
    [
      'no type',
      { prePmtaConfig: JSON.stringify({ name: 'x' }) },
      { name: 'a.conf', content: SERVER_FILE },
      { type: M.typeRequired },
    ],
    [
      'an unknown type',
      { prePmtaConfig: pre('x', 2) },
      { name: 'a.conf', content: SERVER_FILE },
      { type: M.typeRequired },
    ],
    ['no file', { prePmtaConfig: pre('x', 0) }, undefined, { configFile: M.fileRequired }],
    [
      'an empty file',
      { prePmtaConfig: pre('x', 0) },
      { name: 'a.conf', content: ' \n' },
      { configFile: M.fileRequired },
    ],
    [
      'prePmtaConfig that is no JSON',
      { prePmtaConfig: '{name' },
      { name: 'a.conf', content: SERVER_FILE },
      { prePmtaConfig: M.prePmtaConfig },
    ],
    [
      'a name of 101 characters',
      { prePmtaConfig: pre('n'.repeat(101), 0) },
      { name: 'a.conf', content: SERVER_FILE },
      { name: 'Name must be no longer than 100 characters.' },
    ],
    [
      'a NUL in the name',
      { prePmtaConfig: pre('a\u0000b', 0) },
      { name: 'a.conf', content: SERVER_FILE },
      { name: 'Must not contain a NUL character.' },
    ],
    [
      'an unknown directive (server file)',
      { prePmtaConfig: pre('x', 0) },
      { name: 'a.conf', content: '# ok\nbogus-directive yes\n' },
      { configFile: 'Line 2: unknown directive "bogus-directive" at the top level' },
    ],
    [
      'a bad value',
      { prePmtaConfig: pre('x', 0) },
      { name: 'a.conf', content: '<domain a.example>\n  max-msg-rate fast\n</domain>\n' },
      { configFile: 'Line 2: max-msg-rate fast: expected unlimited, 0 or N/[M]{d|h|m|s}' },
    ],
    [
      'a block a relay file cannot hold',
      { prePmtaConfig: pre('x', 1) },
      { name: 'a.conf', content: '<source 10.0.0.1>\n  process-x-job yes\n</source>\n' },
      { configFile: 'Line 1: <source> cannot be inside <virtual-mta>' },
    ],
    [
      'a relay file that closes its VMTA',
      { prePmtaConfig: pre('x', 1) },
      { name: 'a.conf', content: 'smtp-source-host 10.0.0.1 a.example\n</virtual-mta>\n' },
      { configFile: 'Line 2: </virtual-mta> closes no block' },
    ],
    [
      'an include',
      { prePmtaConfig: pre('x', 0) },
      { name: 'a.conf', content: 'include /etc/passwd\n' },
      { configFile: 'Line 1: include cannot be used in a PMTA config file' },
    ],
    [
      'a block left open',
      { prePmtaConfig: pre('x', 0) },
      { name: 'a.conf', content: '<domain a.example>\n  max-smtp-out 2\n' },
      { configFile: 'Line 1: <domain a.example> is not closed (end of file)' },
    ],
  ])('refuses %s, and stores nothing', async (_, fields, file, error) => {
    const before = await count();
    const res = await create(fields, file);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(await count()).toBe(before);
  });

  it('names every refused line, and takes name and type as plain fields too', async () => {
    const res = await create({ name: 'x', type: '0' }, { name: 'a.conf', content: 'a 1\n\nb 2\n' });
    expect(res.json()).toEqual({
      error: {
        configFile: 'Line 1: unknown directive "a" at the top level\nLine 3: unknown directive "b" at the top level',
      },
    });
  });

  it('refuses a file that is not text or too large, and a body that is not multipart', async () => {
    const before = await count();
    const fields = { prePmtaConfig: pre('x', 0) };
    const nul = await create(fields, { name: 'a.conf', content: 'smtp-listener 0/0:25\u0000\n' });
    expect(nul.json()).toEqual({ error: { configFile: M.fileNotText } });
    const latin1 = await create(fields, { name: 'a.conf', content: Buffer.from([0x23, 0x20, 0xe9, 0x0a]) });
    expect(latin1.json()).toEqual({ error: { configFile: M.fileNotText } });
    const big = await create(fields, { name: 'a.conf', content: `# ${'x'.repeat(PMTA_CONFIG_MAX_BYTES)}\n` });
    expect([big.statusCode, big.json()]).toEqual([422, { error: { configFile: M.fileTooLarge } }]);
    const json = await t.as(admin, { method: 'POST', url: '/api/pmta_config/create', payload: { name: 'x', type: 0 } });
    expect([json.statusCode, json.json()]).toEqual([422, { error: { configFile: M.notMultipart } }]);
    expect(await count()).toBe(before);
  });

  it('accepts exactly the size limit and keeps the base of the file name', async () => {
    const head = '# ';
    const content = `${head}${'x'.repeat(PMTA_CONFIG_MAX_BYTES - head.length - 1)}\n`;
    const res = await create({ prePmtaConfig: pre('Big', 0) }, { name: 'C:\\conf\\big.conf', content });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as PmtaConfig).fileName).toBe('big.conf');
  });

  it('updates the name alone, then a new file: a new version, and its applied copies upload again', async () => {
    const cfg = await made('Versioned', 0);
    const server = await f.pmtaServer();
    await t.ctx.db.insert(appliedPmtaConfigs).values({ configId: cfg.id, pmtaServerId: server.id, version: 1 });
    const renamed = await update(cfg.id, { prePmtaConfig: pre('Versioned 2', 0) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Versioned 2', version: 1, fileName: 'Versioned.conf' });
    const same = await update(
      cfg.id,
      { prePmtaConfig: pre('Versioned 2', 0) },
      { name: 'again.conf', content: SERVER_FILE },
    );
    expect(same.json()).toMatchObject({ version: 1, fileName: 'again.conf' });
    const applied = () => t.ctx.db.select().from(appliedPmtaConfigs).where(eq(appliedPmtaConfigs.configId, cfg.id));
    expect((await applied())[0]!.version).toBe(1);
    const next = await update(cfg.id, { prePmtaConfig: pre('Versioned 2', 0) }, { name: 'v2.conf', content: '# v2\n' });
    expect(next.json()).toMatchObject({ version: 2, fileName: 'v2.conf' });
    expect((await applied())[0]).toMatchObject({ version: 0, error: null });
    const content = await t.as(admin, { method: 'GET', url: `/api/pmta_config/${cfg.id}/content` });
    expect(content.json()).toMatchObject({ content: '# v2\n' });
  });

  it('keeps the type while applied, and checks the stored file against a new type', async () => {
    const cfg = await made('Typed', 0);
    const server = await f.pmtaServer();
    const [row] = await t.ctx.db
      .insert(appliedPmtaConfigs)
      .values({ configId: cfg.id, pmtaServerId: server.id })
      .returning();
    const locked = await update(cfg.id, { prePmtaConfig: pre('Typed', 1) });
    expect([locked.statusCode, locked.json()]).toEqual([422, { error: { type: M.typeLocked } }]);
    await t.ctx.db.delete(appliedPmtaConfigs).where(eq(appliedPmtaConfigs.id, row!.id));
    const withServerDirective = await made('Listener', 0, 'smtp-listener 0/0:2525\n');
    const refused = await update(withServerDirective.id, { prePmtaConfig: pre('Listener', 1) });
    expect(refused.json()).toEqual({
      error: { configFile: 'Line 1: unknown directive "smtp-listener" in <virtual-mta>' },
    });
    const moved = await update(cfg.id, { prePmtaConfig: pre('Typed', 1) });
    expect([moved.statusCode, (moved.json() as PmtaConfig).type]).toEqual([200, 1]);
  });

  it('deletes a config that is applied nowhere (204); an unknown or malformed id is refused', async () => {
    const cfg = await made('Doomed', 1);
    const res = await t.as(admin, { method: 'DELETE', url: `/api/pmta_config/${cfg.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect((await t.as(admin, { method: 'GET', url: `/api/pmta_configs/${cfg.id}` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/pmta_config/${cfg.id}` })).statusCode).toBe(404);
    for (const bad of ['abc', '0x10', '2147483648']) {
      expect((await t.as(admin, { method: 'DELETE', url: `/api/pmta_config/${bad}` })).statusCode).toBe(422);
      expect((await t.as(admin, { method: 'GET', url: `/api/pmta_config/${bad}/content` })).statusCode).toBe(422);
    }
    expect((await t.as(admin, { method: 'GET', url: '/api/pmta_config/999999/content' })).statusCode).toBe(404);
    expect((await update(999_999, { prePmtaConfig: pre('x', 0) })).statusCode).toBe(404);
  });
});

describe('Apply config and applied configs', () => {
  const apply = (payload: unknown) =>
    t.as(admin, { method: 'POST', url: '/api/pmta_config/apply', payload: payload as object });
  const appliedList = (payload: unknown = {}) =>
    t.as(admin, { method: 'POST', url: '/api/applied_pmta_configs', payload: payload as object });
  const ids = (rows: { id: number }[], type: number) => ({
    ids: rows.map((r) => ({ appliedConfigId: r.id, appliedConfigType: type })),
  });

  it('applies a server config to servers and a relay config to relays; applying again uploads again', async () => {
    const owner = await t.user();
    const s1 = await f.pmtaServer({ owner, name: 'apply-s1' });
    const s2 = await f.pmtaServer({ owner, name: 'apply-s2' });
    const relay = await f.pmtaRelay({ owner, pmtaServerId: s1.id, smtpHost: 'apply-r.example.com', ip: '10.77.0.1' });
    const serverCfg = await made('Apply server', 0);
    const relayCfg = await made('Apply relay', 1);
    const res = await apply({ config: serverCfg.id, recipients: [s1.id, s2.id] });
    expect([res.statusCode, res.json()]).toEqual([200, { applied: 2 }]);
    // As a form: the config's IRI and a comma list.
    const form = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_config/apply',
      payload: `config=${encodeURIComponent(`/api/pmta_configs/${relayCfg.id}`)}&recipients=${relay.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json()).toEqual({ applied: 1 });

    const listed = (
      await appliedList({ filter: [{ field: 'user.id', value: owner.id }] })
    ).json() as HydraCollection<AppliedPmtaConfig>;
    expect(listed['hydra:totalItems']).toBe(3);
    expect(
      listed['hydra:member'].map((r) => [
        r.configName,
        r.configType,
        r.recipient,
        r.version,
        r.user.username,
        r.server.name,
      ]),
    ).toEqual([
      ['Apply relay', 1, 'apply-r.example.com (10.77.0.1)', 0, owner.username, 'apply-s1'],
      ['Apply server', 0, 'apply-s2', 0, owner.username, 'apply-s2'],
      ['Apply server', 0, 'apply-s1', 0, owner.username, 'apply-s1'],
    ]);

    await t.ctx.db
      .update(appliedPmtaConfigs)
      .set({ version: 1, error: 'old' })
      .where(eq(appliedPmtaConfigs.configId, serverCfg.id));
    await apply({ config: serverCfg.id, recipients: `${s1.id}` });
    const rows = await t.ctx.db.select().from(appliedPmtaConfigs).where(eq(appliedPmtaConfigs.configId, serverCfg.id));
    expect(rows.map((r) => [r.pmtaServerId, r.version, r.error]).sort()).toEqual(
      [
        [s1.id, 0, null],
        [s2.id, 1, 'old'],
      ].sort(),
    );
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['an empty body', {}, { config: M.configRequired, recipients: M.recipientRequired }],
    ['no recipients', { config: 1, recipients: [] }, { recipients: M.recipientRequired }],
    ['a malformed recipient', { config: 1, recipients: ['x'] }, { 'recipients.0': M.recipientRequired }],
    ['a malformed config', { config: 'abc', recipients: [1] }, { config: M.configRequired }],
  ])('refuses to apply with %s', async (_, payload, error) => {
    const res = await apply(payload);
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
  });

  it('refuses an unknown config and recipients of the other kind, applying nothing', async () => {
    const server = await f.pmtaServer();
    const relayCfg = await made('Relay only', 1);
    const before = (await t.ctx.db.select().from(appliedPmtaConfigs)).length;
    const unknown = await apply({ config: 999_999, recipients: [server.id] });
    expect(unknown.json()).toEqual({ error: { config: M.configNotFound } });
    // A server id is no relay id (unless a relay happens to have it: a high one cannot).
    const wrong = await apply({ config: relayCfg.id, recipients: [2_000_000_000] });
    expect(wrong.json()).toEqual({ error: { recipients: M.recipientsNotFound([2_000_000_000]) } });
    expect((await t.ctx.db.select().from(appliedPmtaConfigs)).length).toBe(before);
  });

  it('lists with filter pairs, order and paging, as JSON or as form fields holding JSON', async () => {
    const owner = await t.user();
    const a = await f.pmtaServer({ owner, name: 'list-a' });
    const b = await f.pmtaServer({ owner, name: 'list-b' });
    const cfg = await made('Listed config', 0);
    await apply({ config: cfg.id, recipients: [a.id, b.id] });
    const filter = [
      { field: 'configName', value: 'listed' },
      { field: 'configType', value: 0 },
      { field: 'version', value: '0' },
    ];
    const asc = (
      await appliedList({ filter, order: { field: 'recipient', direction: 'asc' } })
    ).json() as HydraCollection<AppliedPmtaConfig>;
    expect(asc['hydra:member'].map((r) => r.recipient)).toEqual(['list-a', 'list-b']);
    const desc = (
      await appliedList({ filter, order: { recipient: 'desc' } })
    ).json() as HydraCollection<AppliedPmtaConfig>;
    expect(desc['hydra:member'].map((r) => r.recipient)).toEqual(['list-b', 'list-a']);
    const paged = (
      await appliedList({ filter, _page: 2, itemsPerPage: 1 })
    ).json() as HydraCollection<AppliedPmtaConfig>;
    expect([paged['hydra:member'].length, paged['hydra:totalItems']]).toEqual([1, 2]);
    const form = await t.as(admin, {
      method: 'POST',
      url: '/api/applied_pmta_configs',
      ...configForm({
        filter: JSON.stringify([{ field: 'recipient', value: 'list-b' }]),
        order: JSON.stringify({ field: 'id', direction: 'desc' }),
      }),
    });
    expect((form.json() as HydraCollection<AppliedPmtaConfig>)['hydra:member'].map((r) => r.recipient)).toEqual([
      'list-b',
    ]);
    for (const field of ['id', 'configType', 'configName', 'recipient', 'version', 'updatedAt']) {
      expect((await appliedList({ order: { field, direction: 'desc' } })).statusCode, field).toBe(200);
    }
  });

  it.each<[string, unknown]>([
    ['an unknown filter field', { filter: [{ field: 'password', value: 'x' }] }],
    ['a filter that is not a list', { filter: 'nope' }],
    ['a filter value of the wrong kind', { filter: [{ field: 'configType', value: 'servers' }] }],
    ['a version that is no number', { filter: [{ field: 'version', value: '1e1' }] }],
    ['an unknown order field', { order: { field: 'error', direction: 'asc' } }],
    ['an order direction that is none', { order: { field: 'id', direction: 'up' } }],
    ['a page that is none', { _page: 'x' }],
  ])('refuses to list with %s', async (_, payload) => {
    const res = await appliedList(payload);
    expect(res.statusCode, res.body).toBe(422);
  });

  it('resets versions to 0 (200); ids that do not exist or are of the other type are 404 and change nothing', async () => {
    const owner = await t.user();
    const server = await f.pmtaServer({ owner });
    const relay = await f.pmtaRelay({ owner });
    const serverCfg = await made('Reset server', 0);
    const relayCfg = await made('Reset relay', 1);
    const [sRow] = await t.ctx.db
      .insert(appliedPmtaConfigs)
      .values({ configId: serverCfg.id, pmtaServerId: server.id, version: 1 })
      .returning();
    const [rRow] = await t.ctx.db
      .insert(appliedPmtaConfigs)
      .values({ configId: relayCfg.id, pmtaRelayId: relay.id, version: 1 })
      .returning();
    const reset = (payload: unknown) =>
      t.as(admin, {
        method: 'POST',
        url: '/api/applied_pmta_configs/reset_current_version',
        payload: payload as object,
      });
    const versions = async () =>
      (await t.ctx.db.select().from(appliedPmtaConfigs))
        .filter((r) => [sRow!.id, rRow!.id].includes(r.id))
        .map((r) => r.version);

    const wrongType = await reset(ids([sRow!], 1));
    expect([wrongType.statusCode, wrongType.json()]).toEqual([404, { error: { ids: M.appliedNotFound([sRow!.id]) } }]);
    const mixed = await reset({ ids: [...ids([sRow!], 0).ids, { appliedConfigId: 999_999, appliedConfigType: 0 }] });
    expect(mixed.statusCode).toBe(404);
    expect(await versions()).toEqual([1, 1]);
    for (const bad of [{}, { ids: [] }, { ids: [{ appliedConfigId: 'x', appliedConfigType: 0 }] }, { ids: 'abc' }]) {
      expect((await reset(bad)).statusCode).toBe(422);
    }
    const res = await reset({ ids: [...ids([sRow!], 0).ids, ...ids([rRow!], 1).ids] });
    expect([res.statusCode, res.json()]).toEqual([200, { reset: 2 }]);
    expect(await versions()).toEqual([0, 0]);
  });

  it('refuses to delete ids that do not exist (404) or a malformed body (422), deleting nothing', async () => {
    const del = (payload: unknown) =>
      t.as(admin, { method: 'POST', url: '/api/applied_pmta_configs/delete', payload: payload as object });
    const before = (await t.ctx.db.select().from(appliedPmtaConfigs)).length;
    expect((await del({ ids: [{ appliedConfigId: 999_999, appliedConfigType: 0 }] })).statusCode).toBe(404);
    expect((await del({ ids: [] })).json()).toEqual({ error: { ids: M.idsRequired } });
    expect((await del({ ids: [{ appliedConfigId: 1, appliedConfigType: 5 }] })).json()).toEqual({
      error: { 'ids.0.appliedConfigType': M.typeRequired },
    });
    expect((await t.ctx.db.select().from(appliedPmtaConfigs)).length).toBe(before);
  });
});

describe('access', () => {
  it.each([
    { method: 'GET' as const, url: '/api/pmta_configs' },
    { method: 'GET' as const, url: '/api/pmta_configs/:id' },
    { method: 'GET' as const, url: '/api/pmta_config/types' },
    { method: 'GET' as const, url: '/api/pmta_config/:id/content' },
    { method: 'POST' as const, url: '/api/pmta_config/create' },
    { method: 'POST' as const, url: '/api/pmta_config/:id/update' },
    { method: 'DELETE' as const, url: '/api/pmta_config/:id' },
    { method: 'POST' as const, url: '/api/pmta_config/apply', payload: { config: 1, recipients: [1] } },
    { method: 'POST' as const, url: '/api/applied_pmta_configs', payload: {} },
    { method: 'POST' as const, url: '/api/applied_pmta_configs/delete', payload: { ids: [] } },
    { method: 'POST' as const, url: '/api/applied_pmta_configs/reset_current_version', payload: { ids: [] } },
  ])('$method $url is for administrators only', async (c) => {
    const cfg = await made(`Access ${c.method} ${c.url}`, 0);
    await expectAccess(t, { ...c, admin: true, owned: async () => cfg.id });
    expect((await t.as(admin, { method: 'GET', url: `/api/pmta_configs/${cfg.id}` })).json()).toMatchObject({
      version: 1,
    });
  });

  it('an ordinary user cannot create, apply, reset or delete', async () => {
    const user = await t.user();
    const before = await count();
    const res = await create({ prePmtaConfig: pre('Sneaky', 0) }, { name: 'a.conf', content: SERVER_FILE }, user);
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
