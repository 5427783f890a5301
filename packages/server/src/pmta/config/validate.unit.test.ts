import { describe, expect, it } from 'vitest';
import { validateConfig } from './validate.ts';

const ok = [
  'smtp-listener 0/0:3535',
  'http-mgmt-port 8080',
  'http-access 127.0.0.1/32 admin',
  '<source 127.0.0.1>',
  '  process-x-virtual-mta yes',
  '</source>',
  '<virtual-mta vmta-1>',
  '  smtp-source-host 203.0.113.1 mta1.example.com',
  '  <domain yahoo.com>',
  '    max-msg-rate 0',
  '  </domain>',
  '</virtual-mta>',
  '<virtual-mta-pool group-1>',
  '  virtual-mta vmta-1',
  '</virtual-mta-pool>',
  '<domain *>',
  '  max-msg-rate 500/h',
  '  retry-after 10m,20m,1h',
  '  bounce-after 4d12h',
  '  smtp-pattern-list blocking-errors',
  '</domain>',
  '<smtp-pattern-list blocking-errors>',
  '  reply /421 .* SERVICE NOT AVAILABLE/ mode=backoff',
  '</smtp-pattern-list>',
];
/** The config with line `n` (1-based) replaced by `lines` (none: removed). */
const edit = (n: number, ...lines: string[]) => [...ok.slice(0, n - 1), ...lines, ...ok.slice(n)].join('\n');

describe('validateConfig', () => {
  it('accepts a small configuration, comments and blank lines', () => {
    expect(validateConfig(['# hello', '', ...ok].join('\n'))).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    ['an unclosed block', edit(12), ['Line 7: <virtual-mta vmta-1> is not closed (line 12 opens <virtual-mta-pool>)']],
    [
      'a block left open at the end',
      edit(24),
      ['Line 22: <smtp-pattern-list blocking-errors> is not closed (end of file)'],
    ],
    [
      'a close of another block',
      edit(11, '  </virtual-mta>'),
      [
        'Line 9: <domain yahoo.com> is not closed (line 11 closes </virtual-mta>)',
        'Line 12: </virtual-mta> closes no block',
      ],
    ],
    ['a close of nothing', edit(1, '</domain>'), ['Line 1: </domain> closes no block']],
    [
      'an unknown directive',
      edit(17, '  max-msg-speed 500/h'),
      ['Line 17: unknown directive "max-msg-speed" in <domain>'],
    ],
    [
      'an unknown block',
      edit(4, '<sauce 127.0.0.1>'),
      [
        'Line 4: unknown block <sauce 127.0.0.1>',
        'Line 5: unknown directive "process-x-virtual-mta" at the top level',
        'Line 6: </source> closes no block',
      ],
    ],
    [
      'a block in the wrong place',
      edit(9, '  <source 10.0.0.1>', '  </source>', ok[8]!),
      ['Line 7: <virtual-mta vmta-1> is not closed (line 9 opens <source>)', 'Line 14: </virtual-mta> closes no block'],
    ],
    [
      'a bad rate',
      edit(17, '  max-msg-rate 500 an hour'),
      ['Line 17: max-msg-rate 500 an hour: expected unlimited, 0 or N/[M]{d|h|m|s}'],
    ],
    [
      'a bad duration list',
      edit(18, '  retry-after 10m,,1h'),
      ['Line 18: retry-after 10m,,1h: expected a duration or a list such as 10m,20m,1h'],
    ],
    [
      'a bad duration',
      edit(19, '  bounce-after 4 days'),
      ['Line 19: bounce-after 4 days: expected a duration such as 10m or 4d12h'],
    ],
    [
      'a bad yes/no',
      edit(5, '  process-x-virtual-mta maybe'),
      ['Line 5: process-x-virtual-mta maybe: expected yes or no'],
    ],
    ['a directive without value', edit(17, '  max-msg-rate'), ['Line 17: max-msg-rate needs a value']],
    [
      'a directive given twice',
      edit(17, '  max-msg-rate 1/s', '  max-msg-rate 2/s'),
      ['Line 18: max-msg-rate is given twice in <domain>'],
    ],
    [
      'a bad port',
      edit(1, 'smtp-listener 0/0:70000'),
      ['Line 1: smtp-listener 0/0:70000: expected address/bits:port such as 0/0:25'],
    ],
    [
      'a bad source address',
      edit(4, '<source 300.1.1.1>'),
      ['Line 4: <source 300.1.1.1>: expected an address or network'],
    ],
    [
      'a bad source host',
      edit(8, '  smtp-source-host 203.0.113.1'),
      ['Line 8: smtp-source-host 203.0.113.1: expected an IP address and a host name'],
    ],
    [
      'a pool member that is not defined',
      edit(14, '  virtual-mta vmta-2'),
      ['Line 14: virtual-mta vmta-2: no <virtual-mta vmta-2> is defined'],
    ],
    [
      'a pattern list that is not defined',
      edit(20, '  smtp-pattern-list other'),
      ['Line 20: smtp-pattern-list other: no <smtp-pattern-list other> is defined'],
    ],
    [
      'a VMTA defined twice',
      edit(13, '<virtual-mta vmta-1>', '</virtual-mta>', '<virtual-mta-pool group-1>'),
      ['Line 13: <virtual-mta vmta-1> is defined twice (first on line 7)'],
    ],
    [
      'a domain given twice at one level',
      edit(21, '</domain>', '<domain *>', '</domain>'),
      ['Line 22: <domain *> is given twice'],
    ],
    [
      'a shell-unsafe VMTA name',
      edit(7, '<virtual-mta vmta;rm>'),
      [
        'Line 7: <virtual-mta vmta;rm>: expected a name',
        'Line 14: virtual-mta vmta-1: no <virtual-mta vmta-1> is defined',
      ],
    ],
    [
      'a bad pattern',
      edit(23, '  reply 421 mode=backoff'),
      ['Line 23: reply 421 mode=backoff: expected /regular expression/ mode=backoff'],
    ],
  ])('refuses %s, naming the line', (_, text, messages) => {
    expect(validateConfig(text).map((e) => e.message)).toEqual(messages);
  });

  it('allows a domain of the same name at the top level and inside a virtual MTA', () => {
    expect(validateConfig(edit(16, '<domain yahoo.com>', '</domain>', '<domain *>'))).toEqual([]);
  });
});
