import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SERVICE_SETTING_DEFAULTS } from '@console/shared/mail-service-settings';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { seal } from '../../core/sealed.ts';
import {
  appliedPmtaConfigs,
  mailServiceSettings,
  pmtaConfigs,
  pmtaRelayDkim,
  pmtaRelaySwitches,
  pmtaSpeeds,
} from '../../db/schema/index.ts';
import { CONFIG_PATH, generateConfig } from './generate.ts';
import { vmtaName } from '../../core/pmta-names.ts';
// The simulator's own parser (packages/pmta-sim), by path, as simulator.unit.test.ts reads it.
import { parseConfig } from '../../../../pmta-sim/src/config/parse.ts';
import { settingsFor } from '../../../../pmta-sim/src/config/settings.ts';
import { loadConfigData } from './load.ts';
import { validateConfig } from './validate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = async <T>(text: string, params: unknown[] = []) => (await t.ctx.db.$client.query(text, params)).rows as T[];
const provider = async (name: string) => {
  const [p] = await q<{ id: number }>('select id from mail_providers where name = $1', [name]);
  const domains = await q<{ domain: string }>(
    'select domain from mail_provider_domains where mail_provider_id = $1 and not is_blacklisted order by domain',
    [p!.id],
  );
  return { id: p!.id, domains: domains.map((d) => d.domain) };
};

describe('loadConfigData', () => {
  it("reads a server's relays, groups, DKIM keys, switched-off services and every mail service setting", async () => {
    const f = factories(t);
    const owner = await t.user();
    const server = await f.pmtaServer({ owner, name: 'Paris 1' });
    const [warmUp, main] = [
      await f.pmtaRelayGroup({ owner, name: 'Warm-up' }),
      await f.pmtaRelayGroup({ owner, name: 'Main' }),
    ];
    const r1 = await f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: warmUp.id, smtpHost: 'mta1.example.com' });
    const r2 = await f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: warmUp.id, smtpHost: 'mta2.example.com' });
    const r3 = await f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: main.id, active: false });
    const elsewhere = await f.pmtaRelay({ owner, groupId: main.id });
    const [yahoo, gmail] = [await provider('Yahoo'), await provider('Gmail')];
    await t.ctx.db.insert(pmtaRelaySwitches).values([
      { relayId: r2.id, mailProviderId: yahoo.id, off: true },
      { relayId: r2.id, mailProviderId: gmail.id, off: false },
      { relayId: elsewhere.id, mailProviderId: gmail.id, off: true },
    ]);
    await t.ctx.db.insert(pmtaRelayDkim).values({
      relayId: r1.id,
      selector: 's1',
      domain: 'example.com',
      privateKeyEnc: seal(t.ctx.secret, '-----BEGIN PRIVATE KEY-----'),
      publicKey: 'MIIB',
    });
    // Speeds: write mode (Gmail on r3) goes into the config, read mode (0) does not.
    await t.ctx.db.insert(pmtaSpeeds).values([
      { relayId: r3.id, mailProviderId: gmail.id, localValue: 300 },
      { relayId: r1.id, mailProviderId: yahoo.id, localValue: 0 },
    ]);
    // Applied configs: only those uploaded (version > 0) are included; another server's are not.
    const [forServer, forRelay] = await t.ctx.db
      .insert(pmtaConfigs)
      .values([
        { name: 'tuning', type: 0, fileName: 'tuning.conf', content: 'http-mgmt-port 8080' },
        { name: 'relay extra', type: 1, fileName: 'relay.conf', content: '<domain x.example>\n</domain>' },
      ])
      .returning();
    await t.ctx.db.insert(appliedPmtaConfigs).values([
      { configId: forServer!.id, pmtaServerId: server.id, version: 1 },
      { configId: forServer!.id, pmtaServerId: elsewhere.pmtaServerId, version: 1 },
      { configId: forRelay!.id, pmtaRelayId: r2.id, version: 1 },
      { configId: forRelay!.id, pmtaRelayId: r1.id, version: 0 },
    ]);
    const settings = await t.ctx.db
      .insert(mailServiceSettings)
      .values([
        { ...MAIL_SERVICE_SETTING_DEFAULTS, name: 'Gmail slow', domainMacro: ' gmail ', maxMsgRate: '500/h' },
        { ...MAIL_SERVICE_SETTING_DEFAULTS, name: 'Explicit', domainMacro: 'example.org; Gmail.com' },
        { ...MAIL_SERVICE_SETTING_DEFAULTS, name: 'Default', domainMacro: '*' },
      ])
      .returning();

    const data = await loadConfigData(t.ctx.db, server.id);
    const relay = (r: typeof r1, o: object = {}) => ({
      id: r.id,
      groupId: r.groupId,
      smtpHost: r.smtpHost,
      ip: r.ip,
      active: r.active,
      normalSpeed: 60,
      backoffSpeed: 600,
      dkim: null,
      switchedOff: [],
      speeds: [],
      includes: [],
      ...o,
    });
    expect(data).toEqual({
      server: { id: server.id, name: 'Paris 1', smtpPort: 3535, pmtaHttpPort: 8080, ipList: '127.0.0.1' },
      includes: [forServer!.id],
      groups: [
        { id: warmUp.id, name: 'Warm-up' },
        { id: main.id, name: 'Main' },
      ],
      relays: [
        relay(r1, { dkim: { selector: 's1', domain: 'example.com' } }),
        relay(r2, { switchedOff: [{ provider: 'Yahoo', domains: yahoo.domains }], includes: [forRelay!.id] }),
        relay(r3, { speeds: [{ provider: 'Gmail', domains: gmail.domains, perHour: 300 }] }),
      ],
      settings: [
        { setting: expect.objectContaining({ id: settings[0]!.id, maxMsgRate: '500/h' }), domains: gmail.domains },
        { setting: expect.objectContaining({ id: settings[1]!.id }), domains: ['example.org', 'gmail.com'] },
        { setting: expect.objectContaining({ id: settings[2]!.id }), domains: ['*'] },
      ],
    });
    expect(data!.settings[0]!.setting).not.toHaveProperty('createdAt');
    expect(yahoo.domains).toContain('yahoo.com');
    expect(validateConfig(generateConfig(data!))).toEqual([]);
    // Nothing changed, nothing new: the same bytes.
    expect(generateConfig((await loadConfigData(t.ctx.db, server.id))!)).toBe(generateConfig(data!));
  });

  it('answers undefined for a server that does not exist, and an empty server has no relays', async () => {
    expect(await loadConfigData(t.ctx.db, 2 ** 31 - 1)).toBeUndefined();
    const server = await factories(t).pmtaServer();
    const data = await loadConfigData(t.ctx.db, server.id);
    expect(data).toMatchObject({ groups: [], relays: [] });
    expect(validateConfig(generateConfig(data!))).toEqual([]);
  });
});

describe('a PMTA relay in a warm-up plan (issue 40 §2)', () => {
  it("carries today's hourly allowance per domain in its VMTA, and the simulator paces the queue by it", async () => {
    const f = factories(t);
    const owner = await t.user();
    const server = await f.pmtaServer({ owner });
    const warm = await f.pmtaRelay({ owner, pmtaServerId: server.id });
    const cold = await f.pmtaRelay({ owner, pmtaServerId: server.id });
    const gmail = await provider('Gmail');
    const plan = await f.warmupPlan({
      owner,
      services: [
        { mailProviderId: gmail.id, perDay: [24, 48, 96], perHour: [2, 4, 8] },
        { mailProviderId: null, perDay: [48, 240, 480], perHour: null },
      ],
    });
    await q(
      `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
       values (1, $1, $2, $3, 2, (now() at time zone 'utc')::date)`,
      [warm.id, owner.id, plan.id],
    );
    const data = (await loadConfigData(t.ctx.db, server.id))!;
    expect(data.relays.find((r) => r.id === warm.id)!.warmup).toEqual([
      { provider: 'Gmail', domains: gmail.domains, perHour: 4 },
      { provider: null, domains: [], perHour: 10 },
    ]);
    expect(data.relays.find((r) => r.id === cold.id)!.warmup).toBeUndefined();
    const text = generateConfig(data);
    expect(validateConfig(text)).toEqual([]);
    expect(text).toContain('  <domain gmail.com>\n    max-msg-rate 4/h\n    backoff-max-msg-rate 4/h\n  </domain>');
    const config = parseConfig(CONFIG_PATH, { readFile: (p) => (p === CONFIG_PATH ? text : undefined) });
    expect(settingsFor(config, 'gmail.com', vmtaName(warm)).maxMsgRate).toBeCloseTo(4 / 3600);
    expect(settingsFor(config, 'example.net', vmtaName(warm)).maxMsgRate).toBeCloseTo(10 / 3600);
    expect(settingsFor(config, 'gmail.com', vmtaName(cold)).maxMsgRate).toBeCloseTo(1 / 60); // its own speed
    // Past its last day the plan sets nothing.
    await q('update warmup_relays set day = 4 where relay_id = $1 and relay_type = 1', [warm.id]);
    expect((await loadConfigData(t.ctx.db, server.id))!.relays.find((r) => r.id === warm.id)!.warmup).toBeUndefined();
  });
});
