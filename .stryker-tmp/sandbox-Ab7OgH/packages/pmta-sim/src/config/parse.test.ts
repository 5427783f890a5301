// @ts-nocheck
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig, type PmtaConfig } from './parse.ts';
import { settingsFor } from './settings.ts';
import { parseDuration, parseRate } from './values.ts';

/** PMTA.md's example configuration, word for word. */
export const PMTA_MD_EXAMPLE = `smtp-listener 0/0:3535
<source 127.0.0.1>
  always-allow-relaying yes
  process-x-virtual-mta yes
  process-x-job yes
</source>
<virtual-mta vmta-1-2-3-4>
  smtp-source-host 1.2.3.4 mta1.example.com
  domain-key s1,example.com,/etc/pmta/dkim/mta1.example.com.pem
</virtual-mta>
<virtual-mta-pool group-7>
  virtual-mta vmta-1-2-3-4
</virtual-mta-pool>
<domain gmail.com>
  max-smtp-out 20
  max-msg-per-connection 0
  max-errors-per-connection unlimited
  max-msg-rate unlimited
  retry-after 10m
  bounce-after 4d12h
  backoff-max-msg-rate unlimited
  backoff-retry-after 1h
  backoff-to-normal-after-delivery false
  backoff-to-normal-after never
  smtp-pattern-list blocking-errors
  dkim-sign yes
  bounce-upon-no-mx false
  connect-timeout 2m
  smtp-greeting-timeout 5m
  data-send-timeout 3m
</domain>
<smtp-pattern-list blocking-errors>
  reply /421 .* SERVICE NOT AVAILABLE/ mode=backoff
</smtp-pattern-list>
`;

const KEY = '/etc/pmta/dkim/mta1.example.com.pem';

/** PMTA loads the keys it names: a real RSA key (1024 bits: quick to make; the size is not checked). */
const PEM = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' });

function parse(files: Record<string, string>): PmtaConfig {
  const all: Record<string, string> = { [KEY]: String(PEM), '/etc/pmta/dkim/bad.pem': 'not a key', ...files };
  return parseConfig('/etc/pmta/config', {
    readFile: (p) => all[p],
    listDir: (d) =>
      Object.keys(all)
        .filter((p) => p.startsWith(d + '/'))
        .map((p) => p.slice(d.length + 1))
        .sort(),
  });
}

const refusal = (text: string, more: Record<string, string> = {}) => {
  try {
    parse({ '/etc/pmta/config': text, ...more });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('the configuration parser', () => {
  it("accepts PMTA.md's example", () => {
    const c = parse({ '/etc/pmta/config': PMTA_MD_EXAMPLE });
    expect(c.smtpListeners).toEqual(['0/0:3535']);
    expect(c.vmtas.get('vmta-1-2-3-4')).toMatchObject({
      sourceIp: '1.2.3.4',
      hostName: 'mta1.example.com',
      domainKeys: [{ selector: 's1', domain: 'example.com', path: KEY }],
    });
    expect(c.pools.get('group-7')).toEqual(['vmta-1-2-3-4']);
    const s = settingsFor(c, 'gmail.com', 'vmta-1-2-3-4');
    expect(s).toMatchObject({
      maxMsgRate: Infinity,
      retryAfter: [600],
      bounceAfter: 4.5 * 86400,
      backoffToNormalAfter: null,
    });
    expect(s.patterns[0]!.regex.test('421 4.7.0 SERVICE NOT AVAILABLE')).toBe(true);
  });

  it('layers nested <domain> blocks of a virtual-mta over the global ones, directive by directive', () => {
    const c = parse({
      '/etc/pmta/config': `<domain *>\n retry-after 5m\n</domain>\n<domain gmail.com>\n max-msg-rate 100/h\n</domain>
<virtual-mta v1>\n smtp-source-host 10.0.0.1 a.example\n <domain gmail.com>\n  max-msg-rate 0\n </domain>\n</virtual-mta>\n`,
    });
    expect(settingsFor(c, 'gmail.com', 'v1')).toMatchObject({ maxMsgRate: 0, retryAfter: [300] });
    expect(settingsFor(c, 'gmail.com', '')).toMatchObject({ maxMsgRate: 100 / 3600, retryAfter: [300] });
    expect(settingsFor(c, 'yahoo.com', 'v1')).toMatchObject({ maxMsgRate: Infinity, retryAfter: [300] });
  });

  it('reads include files relative to the including file and with a wildcard', () => {
    const c = parse({
      '/etc/pmta/config': 'include conf.d/*.conf\ninclude /etc/pmta/extra\n',
      '/etc/pmta/conf.d/a.conf': '<virtual-mta a>\n</virtual-mta>\n',
      '/etc/pmta/conf.d/b.conf': '<virtual-mta-pool p>\n virtual-mta a\n</virtual-mta-pool>\n',
      '/etc/pmta/extra': 'http-mgmt-port 8080\nhttp-access 10.0.0.0/8 monitor\n',
    });
    expect([...c.vmtas.keys()]).toEqual(['a']);
    expect(c.pools.get('p')).toEqual(['a']);
    expect(c.httpMgmtPort).toBe(8080);
    expect(c.httpAccess).toEqual([{ address: '10.0.0.0/8', level: 'monitor' }]);
  });

  it.each([
    [
      'an unknown directive',
      '# c\n<domain x.com>\n  max-foo 1\n</domain>\n',
      'error: /etc/pmta/config:3: unknown directive "max-foo" in <domain>',
    ],
    ['an unknown top-level directive', 'max-foo 1\n', 'error: /etc/pmta/config:1: unknown directive "max-foo"'],
    [
      'a bad rate',
      '<domain x.com>\n max-msg-rate 10/fortnight\n</domain>\n',
      'error: /etc/pmta/config:2: invalid value "10/fortnight" for "max-msg-rate" (expected unlimited, 0 or N/[M]{d|h|m|s})',
    ],
    [
      'a bad duration',
      '<domain x.com>\n retry-after 10m,soon\n</domain>\n',
      'error: /etc/pmta/config:2: invalid value "10m,soon" for "retry-after" (expected a duration or a list such as 10m,20m,1h)',
    ],
    [
      'a bad boolean',
      '<source 0/0>\n always-allow-relaying maybe\n</source>\n',
      'error: /etc/pmta/config:2: invalid value "maybe" for "always-allow-relaying" (expected yes, no, true or false)',
    ],
    [
      'an unclosed block',
      '<virtual-mta v>\n smtp-source-host 1.2.3.4 a.example\n<domain x.com>\n',
      'error: /etc/pmta/config:3: <domain> is not closed',
    ],
    ['a stray closing tag', '</domain>\n', 'error: /etc/pmta/config:1: unexpected </domain>'],
    [
      'an unknown virtual-mta in a pool',
      '<virtual-mta-pool p>\n virtual-mta ghost\n</virtual-mta-pool>\n',
      'error: /etc/pmta/config:2: unknown virtual MTA "ghost" in <virtual-mta-pool p>',
    ],
    [
      'an unknown smtp-pattern-list',
      '<domain x.com>\n smtp-pattern-list nope\n</domain>\n',
      'error: /etc/pmta/config:2: unknown smtp-pattern-list "nope"',
    ],
    [
      'a bad reply pattern',
      '<smtp-pattern-list l>\n reply /(/ mode=backoff\n</smtp-pattern-list>\n',
      'error: /etc/pmta/config:2: invalid regular expression /(/',
    ],
    ['an unknown block', '<relay x>\n</relay>\n', 'error: /etc/pmta/config:1: unknown block <relay>'],
    [
      'a duplicate virtual-mta',
      '<virtual-mta a>\n</virtual-mta>\n<virtual-mta a>\n</virtual-mta>\n',
      'error: /etc/pmta/config:3: virtual MTA "a" is already defined',
    ],
    [
      'a missing DKIM key file',
      '<virtual-mta a>\n domain-key s,x.com,/etc/pmta/dkim/none.pem\n</virtual-mta>\n',
      'error: /etc/pmta/config:2: cannot open domain key file "/etc/pmta/dkim/none.pem"',
    ],
    [
      'a DKIM key file that holds no private key',
      '<virtual-mta a>\n domain-key s,x.com,/etc/pmta/dkim/bad.pem\n</virtual-mta>\n',
      'error: /etc/pmta/config:2: invalid domain key in file "/etc/pmta/dkim/bad.pem"',
    ],
    [
      'a missing include file',
      'include nothing.conf\n',
      'error: /etc/pmta/config:1: cannot open include file "nothing.conf"',
    ],
  ])('refuses %s, naming the file and line', (_, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('includes a file inside a virtual MTA as part of it, and lets it close nothing of the includer', () => {
    const c = parse({
      '/etc/pmta/config': '<virtual-mta a>\n include /etc/pmta/console/r.conf\n</virtual-mta>\n',
      '/etc/pmta/console/r.conf':
        'smtp-source-host 10.1.1.1 a.example\n<domain gmail.com>\n max-msg-rate 5/h\n</domain>\n',
    });
    expect(c.vmtas.get('a')).toMatchObject({ sourceIp: '10.1.1.1', hostName: 'a.example' });
    expect(
      refusal('<virtual-mta a>\n include /etc/pmta/x.conf\n</virtual-mta>\n', {
        '/etc/pmta/x.conf': '</virtual-mta>\n',
      }),
    ).toBe('error: /etc/pmta/x.conf:1: unexpected </virtual-mta>');
  });

  it('names the include file and its line', () => {
    expect(refusal('include more.conf\n', { '/etc/pmta/more.conf': '\nbogus yes\n' })).toBe(
      'error: /etc/pmta/more.conf:2: unknown directive "bogus"',
    );
  });

  it('reads rates and durations', () => {
    expect([
      parseRate('unlimited'),
      parseRate('0'),
      parseRate('360/h'),
      parseRate('10/5m'),
      parseRate('5/sec'),
    ]).toEqual([Infinity, 0, 0.1, 10 / 300, 5]);
    expect([parseRate('10'), parseRate('h'), parseRate('1/0m')]).toEqual([undefined, undefined, undefined]);
    expect([parseDuration('4d12h'), parseDuration('90'), parseDuration('1h30m'), parseDuration('10x')]).toEqual([
      388800,
      90,
      5400,
      undefined,
    ]);
  });
});
