import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenData } from './fixture.test-data.ts';
import { vmtaName } from '../../core/pmta-names.ts';
import { generateConfig, token } from './generate.ts';
import { validateConfig } from './validate.ts';

const GOLDEN = new URL('./__golden__/server.conf', import.meta.url);

describe('generateConfig', () => {
  it('writes the golden server (reviewed by eye: UPDATE_GOLDEN=1 rewrites it), which validate accepts', () => {
    const text = generateConfig(goldenData());
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(GOLDEN, text);
    expect(text).toBe(fs.readFileSync(GOLDEN, 'utf8'));
    expect(validateConfig(text)).toEqual([]);
  });

  it('is byte-identical for the same data in any order', () => {
    const d = goldenData();
    const shuffled = {
      ...d,
      groups: [...d.groups].reverse(),
      relays: [...d.relays].reverse(),
      settings: [...d.settings].reverse().map((s) => ({ ...s, domains: [...s.domains].reverse() })),
      server: { ...d.server, ipList: '127.0.0.1 192.0.2.0/24,198.51.100.7' },
    };
    expect(generateConfig(shuffled)).toBe(generateConfig(d));
  });

  it('names virtual MTAs by relay id', () => {
    expect(vmtaName({ id: 42 })).toBe('vmta-42');
  });

  it('keeps values from users inside their directive', () => {
    const d = goldenData();
    const evil = 'x\n</virtual-mta>\n<source 0/0>\r\nalways-allow-relaying yes';
    d.server.name = evil;
    d.groups[0]!.name = evil;
    d.relays[0]!.smtpHost = evil;
    d.relays[0]!.dkim = { selector: evil, domain: 'example.com' };
    d.relays[2]!.switchedOff[0]!.provider = evil;
    d.settings[0]!.setting.name = `a\u2028b\u0085c${evil}`;
    d.settings[0]!.setting.retryAfter = evil;
    d.settings[0]!.domains = [evil];
    d.server.ipList = `10.0.0.1 ${evil}`;
    const text = generateConfig(d);
    // Nothing but the console's own lines open or close a block, or allow relaying.
    expect(text.match(/^\s*<source .*>$/gm)).toEqual(['<source 127.0.0.1>', '<source 10.0.0.1>']);
    expect(text.match(/^\s*always-allow-relaying/gm)).toHaveLength(2);
    expect(text.split(/\r\n|\r|\n|\u2028|\u0085/).length).toBe(text.split('\n').length);
    // Validation names the lines whose values are now malformed, and nothing else breaks the structure.
    const errors = validateConfig(text);
    const bad = 'x_/virtual-mta_source_0/0_always-allow-relaying_yes';
    expect(errors.map((e) => e.message)).toEqual([
      `Line 42: <domain ${bad}>: expected a domain or *`,
      `Line 62: smtp-source-host 203.0.113.14 ${bad}: expected an IP address and a host name`,
      `Line 63: domain-key ${bad},example.com,/etc/pmta/dkim/vmta-14.pem: expected selector,domain,/path/to/key.pem`,
      `Line 77: <domain ${bad}>: expected a domain or *`,
      `Line 166: <domain ${bad}>: expected a domain or *`,
      `Line 171: retry-after ${bad}: expected a duration or a list such as 10m,20m,1h`,
    ]);
    expect(token('')).toBe('_');
  });

  it('writes no speed block for an unpaced relay that nothing switches off', () => {
    const d = goldenData();
    d.relays = [{ ...d.relays[2]!, switchedOff: [], speeds: [] }];
    expect(generateConfig(d)).toMatch(
      /<virtual-mta vmta-12>\n {2}smtp-source-host 203\.0\.113\.12 mta2\.example\.com\n<\/virtual-mta>/,
    );
  });
});

describe('a relay in a warm-up plan (issue 40 §2)', () => {
  const vmtaOf = (text: string, id: number) => text.split(`<virtual-mta vmta-${id}>`)[1]!.split('</virtual-mta>')[0]!;

  it("writes today's hourly allowance as max-msg-rate per domain, the stricter of it and the relay's speeds", () => {
    const d = goldenData();
    const r = d.relays.find((x) => x.id === 12)!;
    r.switchedOff = [];
    r.warmup = [
      { provider: 'Gmail', domains: ['gmail.com', 'googlemail.com'], perHour: 3 },
      { provider: 'Yahoo', domains: ['yahoo.com'], perHour: 500 },
      { provider: null, domains: [], perHour: 20 },
    ];
    const text = generateConfig(d);
    const block = vmtaOf(text, 12);
    expect(block).toContain('<domain gmail.com>\n    max-msg-rate 3/h\n    backoff-max-msg-rate 3/h\n  </domain>');
    expect(block).toContain('<domain googlemail.com>\n    max-msg-rate 3/h\n');
    // Yahoo's write-mode speed (100/h) is stricter than the plan's 500/h: it stays.
    expect(block).toContain('<domain yahoo.com>\n    max-msg-rate 100/h\n');
    // Every other service: '*' and the configured domains the plan does not name.
    expect(block).toContain('<domain *>\n    max-msg-rate 20/h\n    backoff-max-msg-rate 20/h\n');
    expect(block).toContain('<domain example.org>\n    max-msg-rate 20/h\n');
    expect(validateConfig(text)).toEqual([]);
    // Another relay's block is untouched, and a spent day (0) holds the service's queue.
    expect(vmtaOf(text, 11)).not.toContain('/h');
    r.warmup = [{ provider: 'Gmail', domains: ['gmail.com'], perHour: 0 }];
    expect(vmtaOf(generateConfig(d), 12)).toContain('<domain gmail.com>\n    max-msg-rate 0\n');
  });
});
