// @ts-nocheck
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_PATH } from './sim.ts';
import { TEST_CONFIG, eventually, inject, readAcct, tempSim } from './testing.ts';

let sims: { cleanup(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.cleanup()));
  sims = [];
});
async function sim(options: Parameters<typeof tempSim>[0] = {}) {
  const s = await tempSim({ config: TEST_CONFIG, timeScale: 100, ...options });
  sims.push(s);
  return s;
}
const pick = (r: Record<string, string>) => [
  r.type,
  r.rcpt,
  r.envId,
  r.jobId,
  r.vmta,
  r.vmtaPool,
  r.bounceCat,
  r.dsnStatus,
  r.queue,
];

describe('the simulated PowerMTA', () => {
  it('writes exactly the d, b, t and f records of a mixed outcome table', async () => {
    // A slower clock than the others: the expiry must fall between the second and the third try (a stall
    // of up to 750 ms of the event loop on a loaded machine keeps the count).
    const s = await sim({
      timeScale: 40,
      outcomes: [
        {
          match: 'bad-*@example.net',
          result: 'bounced',
          bounceCat: 'bad-mailbox',
          dsnStatus: '5.1.1 (bad destination mailbox address)',
          reply: '550 5.1.1 User unknown',
        },
        { match: 'slow.example', result: 'deferred', times: 2 },
        { match: 'never.example', result: 'deferred' },
        { match: 'fbl.example', result: 'delivered', complaint: true },
      ],
    });
    await inject(s.smtpPort, { to: 'ok@example.com', vmta: 'v1', job: 'J1', envId: 'E1' });
    await inject(s.smtpPort, { to: 'bad-1@example.net', vmta: 'group-1', job: 'J1', envId: 'E2' });
    await inject(s.smtpPort, { to: 'a@slow.example', vmta: 'v2', job: 'J2', envId: 'E3' });
    await inject(s.smtpPort, { to: 'b@never.example', vmta: 'v1', job: 'J2', envId: 'E4' });
    await inject(s.smtpPort, { to: 'c@fbl.example', vmta: 'v1', job: 'J2', envId: 'E5' });
    const rows = await eventually(() => {
      const rows = readAcct(s.root);
      expect(rows.length).toBe(10);
      return rows;
    });
    const expired = '4.7.0 (delivery temporarily suspended)';
    expect(rows.map(pick).sort()).toEqual(
      [
        ['d', 'ok@example.com', 'E1', 'J1', 'v1', '', '', '2.0.0 (success)', 'example.com/v1'],
        [
          'b',
          'bad-1@example.net',
          'E2',
          'J1',
          'v1',
          'group-1',
          'bad-mailbox',
          '5.1.1 (bad destination mailbox address)',
          'example.net/v1',
        ],
        ['t', 'a@slow.example', 'E3', 'J2', 'v2', '', '', expired, 'slow.example/v2'],
        ['t', 'a@slow.example', 'E3', 'J2', 'v2', '', '', expired, 'slow.example/v2'],
        ['d', 'a@slow.example', 'E3', 'J2', 'v2', '', '', '2.0.0 (success)', 'slow.example/v2'],
        ['t', 'b@never.example', 'E4', 'J2', 'v1', '', '', expired, 'never.example/v1'],
        ['t', 'b@never.example', 'E4', 'J2', 'v1', '', '', expired, 'never.example/v1'],
        ['b', 'b@never.example', 'E4', 'J2', 'v1', '', 'message-expired', expired, 'never.example/v1'],
        ['d', 'c@fbl.example', 'E5', 'J2', 'v1', '', '', '2.0.0 (success)', 'fbl.example/v1'],
        ['f', 'c@fbl.example', 'E5', 'J2', 'v1', '', '', '', 'fbl.example/v1'],
      ].sort(),
    );
    const header = readFileSync(join(s.root, 'var/log/pmta/acct.csv'), 'utf8').split('\n')[0];
    expect(header).toBe(
      'type,timeLogged,timeQueued,orig,rcpt,orcpt,dsnAction,dsnStatus,dsnDiag,dsnMta,bounceCat,srcType,srcMta,dlvType,dlvSourceIp,dlvDestinationIp,dlvEsmtpAvailable,dlvSize,vmta,jobId,envId,queue,vmtaPool',
    );
    const bounce = rows.find((r) => r.bounceCat === 'bad-mailbox')!;
    expect(bounce).toMatchObject({
      dsnAction: 'failed',
      dsnDiag: 'smtp;550 5.1.1 User unknown',
      dlvSourceIp: '10.1.1.1',
      orig: 'sender@example.org',
    });
    expect(bounce.timeLogged).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000$/);
    // The 421 matched the smtp-pattern-list: the queue went into backoff mode.
    expect(s.queues.select('never.example/v1')[0]).toMatchObject({
      mode: 'backoff',
      backoffReason: '421 4.7.0 SERVICE NOT AVAILABLE',
    });
    const jobs = await s.command(['show', 'jobs']);
    expect(jobs.stdout).toMatch(/J2\s+0\s+2\s+1\s+4/);
  });

  it('refuses an unknown virtual MTA and takes a pool by its name', async () => {
    const s = await sim();
    await expect(inject(s.smtpPort, { to: 'a@example.com', vmta: 'ghost' })).rejects.toMatchObject({
      responseCode: 550,
      response: '550 5.7.1 unknown virtual MTA "ghost"',
    });
    await inject(s.smtpPort, { to: 'a@example.com', vmta: 'group-1' });
    await inject(s.smtpPort, { to: 'b@example.com', vmta: 'group-1' });
    const rows = await eventually(() => {
      const rows = readAcct(s.root);
      expect(rows.length).toBe(2);
      return rows;
    });
    expect(rows.map((r) => r.vmta).sort()).toEqual(['v1', 'v2']);
  });

  it('reload swaps the configuration only when it parses; the old one stays on error', async () => {
    const s = await sim();
    const file = join(s.root, CONFIG_PATH);
    writeFileSync(file, TEST_CONFIG + '<virtual-mta v3>\n  max-foo 1\n</virtual-mta>\n');
    expect(await s.command(['reload'])).toEqual({
      code: 1,
      stdout: `error: /etc/pmta/config:${TEST_CONFIG.split('\n').length + 1}: unknown directive "max-foo" in <virtual-mta>\n`,
      stderr: '',
    });
    await expect(inject(s.smtpPort, { to: 'a@example.com', vmta: 'v3' })).rejects.toMatchObject({ responseCode: 550 });
    await inject(s.smtpPort, { to: 'a@example.com', vmta: 'v1' });
    writeFileSync(
      file,
      TEST_CONFIG + '<virtual-mta v3>\n  smtp-source-host 10.1.1.3 mta3.example.com\n</virtual-mta>\n',
    );
    expect(await s.command(['reload'])).toEqual({ code: 0, stdout: '', stderr: '' });
    await inject(s.smtpPort, { to: 'a@example.com', vmta: 'v3' });
  });

  it("pause queue holds delivery, resume releases it; max-msg-rate 0 holds a VMTA's provider", async () => {
    const s = await sim({
      timeScale: 1000,
      config: TEST_CONFIG.replace(
        '</virtual-mta>\n<virtual-mta v2>',
        '  <domain off.example>\n    max-msg-rate 0\n  </domain>\n</virtual-mta>\n<virtual-mta v2>',
      ),
    });
    expect((await s.command(['pause', 'queue', 'example.com/v1'])).code).toBe(0);
    await inject(s.smtpPort, { to: 'a@example.com', vmta: 'v1' });
    await inject(s.smtpPort, { to: 'a@off.example', vmta: 'v1' });
    await inject(s.smtpPort, { to: 'b@off.example', vmta: 'v2' });
    await eventually(() => expect(readAcct(s.root).map((r) => r.rcpt)).toEqual(['b@off.example']));
    const start = s.now();
    await eventually(() => expect(s.now() - start).toBeGreaterThan(5 * 60_000)); // five simulated minutes
    expect(readAcct(s.root)).toHaveLength(1);
    const shown = await s.command(['show', 'queues']);
    expect(shown.stdout).toMatch(/example\.com\/v1\s+1\s+1\s+0\s+yes\s+normal/);
    expect((await s.command(['resume', 'queue', 'example.com/v1'])).code).toBe(0);
    await eventually(() => expect(readAcct(s.root).map((r) => r.rcpt)).toEqual(['b@off.example', 'a@example.com']));
    expect(s.queues.select('off.example/v1')[0]!.messages).toHaveLength(1);
  });

  it('delete --jobId and --queue remove queued recipients', async () => {
    const s = await sim();
    expect(await s.command(['pause', 'queue', '*/*'])).toMatchObject({
      code: 1,
      stdout: 'error: no queue matches "*/*"\n',
    });
    await s.command(['pause', 'queue', 'example.com/v1']);
    await s.command(['pause', 'queue', 'example.org/v2']);
    await inject(s.smtpPort, { to: ['a@example.com', 'b@example.com'], vmta: 'v1', job: 'J9' });
    await inject(s.smtpPort, { to: 'c@example.org', vmta: 'v2', job: 'J8' });
    expect(await s.command(['delete', '--jobId=J9'])).toMatchObject({ code: 0, stdout: '2 recipients deleted\n' });
    expect(await s.command(['delete', '--queue=example.org/*'])).toMatchObject({
      code: 0,
      stdout: '1 recipients deleted\n',
    });
    expect(await s.command(['delete'])).toMatchObject({ code: 1 });
  });

  it('rotate acct moves the file to acct-YYYY-MM-DD-HHMMSS.csv and starts a new one with its header', async () => {
    const s = await sim();
    await inject(s.smtpPort, { to: 'a@example.com', vmta: 'v1' });
    await eventually(() => expect(readAcct(s.root)).toHaveLength(1));
    expect((await s.command(['rotate', 'acct'])).code).toBe(0);
    const dir = join(s.root, 'var/log/pmta');
    const rotated = readdirSync(dir).filter((f) => f !== 'acct.csv');
    expect(rotated).toHaveLength(1);
    expect(rotated[0]).toMatch(/^acct-\d{4}-\d\d-\d\d-\d{6}\.csv$/);
    expect(readAcct(s.root, `/var/log/pmta/${rotated[0]}`).map((r) => r.rcpt)).toEqual(['a@example.com']);
    expect(readAcct(s.root)).toEqual([]);
    expect(existsSync(join(dir, 'acct.csv'))).toBe(true);
  });

  it('rotates by max-size', async () => {
    const s = await sim({ config: TEST_CONFIG.replace('records d,b,t,f', 'records d\n  max-size 1K') });
    for (let i = 0; i < 6; i++) await inject(s.smtpPort, { to: `u${i}@example.com`, vmta: 'v1' });
    await eventually(() => {
      const files = readdirSync(join(s.root, 'var/log/pmta'));
      const rows = files.flatMap((f) => readAcct(s.root, `/var/log/pmta/${f}`));
      expect(rows).toHaveLength(6);
      expect(files.length).toBeGreaterThan(1);
    });
  });

  it('answers pmta commands as PMTA does and stops and starts as a service', async () => {
    const s = await sim();
    expect((await s.command(['--version'])).stdout).toMatch(/^PowerMTA v/);
    expect(await s.command(['frobnicate'])).toEqual({
      code: 1,
      stdout: 'error: unknown command "frobnicate"\n',
      stderr: '',
    });
    expect((await s.command(['show', 'settings', 'never.example/v1'])).stdout).toContain('  bounce-after 90s\n');
    expect((await s.command(['show', 'vmtas'])).stdout).toMatch(/v1\s+10\.1\.1\.1\s+mta1\.example\.com\s+0/);
    expect((await s.command(['set', 'queue', '--mode=backoff', 'example.com/v1'])).code).toBe(0);
    expect(s.queues.select('example.com/v1')[0]!.mode).toBe('backoff');
    expect(await s.service('stop')).toMatchObject({ code: 0 });
    expect(await s.service('status')).toMatchObject({ code: 3, stdout: 'inactive\n' });
    expect(await s.command(['show', 'status'])).toMatchObject({ code: 1 });
    await expect(inject(s.smtpPort, { to: 'a@example.com' })).rejects.toThrow();
    expect(await s.service('start')).toMatchObject({ code: 0 });
    expect(await s.service('status')).toMatchObject({ code: 0, stdout: 'active\n' });
    await inject(s.smtpPort, { to: 'a@example.com' });
    expect((await s.command(['show', 'status'])).stdout).toMatch(/in: 1 rcpt/);
  });
});
