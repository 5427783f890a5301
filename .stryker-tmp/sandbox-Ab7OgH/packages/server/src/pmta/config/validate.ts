// @ts-nocheck
import type { MailServiceSetting } from '@console/shared/mail-service-settings';
import { DIRECTIVES } from '../domain-blocks.ts';
import {
  isBool,
  isCidr,
  isCount,
  isCountOrUnlimited,
  isDomainPattern,
  isDuration,
  isDurationList,
  isHost,
  isIp,
  isName,
  isNeverOrDuration,
  isPort,
  isSize,
  rateOf,
} from './syntax.ts';

/*
 * The console's own check of a configuration before it is uploaded (decision 0902): balanced blocks, known
 * blocks and directives in the right place, value syntax, unique names, every pool member and pattern list
 * defined. It knows only what the console writes (../shared/PMTA.md): PMTA itself knows more, so this
 * refuses some configurations PMTA would take, never the console's own.
 */

export interface ConfigError {
  line: number;
  /** `Line 12: ...`, ready to show. */
  message: string;
}

interface Syntax {
  ok: (value: string) => boolean;
  expected: string;
  /** May appear more than once in its block. */
  repeats?: boolean;
}
const v = (ok: (value: string) => boolean, expected: string, repeats = false): Syntax => ({ ok, expected, repeats });

const rate = v((t) => rateOf(t) !== undefined, 'unlimited, 0 or N/[M]{d|h|m|s}');
const duration = v(isDuration, 'a duration such as 10m or 4d12h');
const bool = v(isBool, 'yes or no');
type DomainField = Exclude<keyof MailServiceSetting, 'id' | 'name' | 'domainMacro'>;
const DOMAIN_SYNTAX: Record<DomainField, Syntax> = {
  maxSmtpOut: v(isCount, 'a number'),
  maxMsgPerConnection: v(isCount, 'a number'),
  maxErrorsPerConnection: v(isCountOrUnlimited, 'a number or unlimited'),
  maxMsgRate: rate,
  retryAfter: v(isDurationList, 'a duration or a list such as 10m,20m,1h'),
  bounceAfter: duration,
  backoffMaxMsgRate: rate,
  backoffRetryAfter: v(isDurationList, 'a duration or a list such as 10m,20m,1h'),
  backoffToNormalAfterDelivery: bool,
  backoffToNormalAfter: v(isNeverOrDuration, 'never or a duration'),
  smtpPatternList: v(isName, 'a name'),
  bounceUponNoMx: bool,
  assumeDeliveryTimeout: bool,
  smtpMxUnavailable: bool,
  smtpInvalidMailbox: bool,
  bounceUponGreeting: bool,
  connectTimeout: duration,
  smtpGreetingTimeout: duration,
  dataSendTimeout: duration,
  dkSign: bool,
  dkimSign: bool,
  deliverLocalDsn: bool,
};
const DOMAIN = Object.fromEntries(DIRECTIVES.map(([field, name]) => [name, DOMAIN_SYNTAX[field as DomainField]]));

const words =
  (n: number, ...checks: ((w: string) => boolean)[]) =>
  (t: string) => {
    const w = t.split(/\s+/);
    return w.length === n && checks.every((c, i) => c(w[i]!));
  };

interface BlockKind {
  arg: Syntax;
  /** '' is the top level. */
  parents: string[];
  directives: Record<string, Syntax>;
}
/** An applied PMTA config (generate.ts appliedConfigPath): an absolute path of plain characters. */
const INCLUDE = v((t) => /^\/[\w./-]+$/.test(t) && !t.includes('..'), 'an absolute file path', true);

const BLOCKS: Record<string, BlockKind> = {
  source: {
    arg: v(isCidr, 'an address or network'),
    parents: [''],
    directives: { 'always-allow-relaying': bool, 'process-x-virtual-mta': bool, 'process-x-job': bool },
  },
  'acct-file': {
    arg: v((t) => /^\/[\w./-]+$/.test(t), 'an absolute path'),
    parents: [''],
    directives: {
      records: v(
        (t) => t.split(',').every((r) => ['d', 'b', 't', 'f', 'rb', 'rs'].includes(r)),
        'record types such as d,b,t',
      ),
      'move-interval': duration,
      'max-size': v(isSize, 'a size such as 50M'),
      'delete-after': v(isNeverOrDuration, 'never or a duration'),
    },
  },
  'virtual-mta': {
    arg: v(isName, 'a name'),
    parents: [''],
    directives: {
      include: INCLUDE,
      'smtp-source-host': v(words(2, isIp, isHost), 'an IP address and a host name'),
      'domain-key': v(
        (t) => /^[\w.-]+,[A-Za-z0-9.-]+,\/[\w./-]+$/.test(t) && isHost(t.split(',')[1]!),
        'selector,domain,/path/to/key.pem',
        true,
      ),
    },
  },
  'virtual-mta-pool': {
    arg: v(isName, 'a name'),
    parents: [''],
    directives: { 'virtual-mta': v(isName, 'a virtual MTA name', true) },
  },
  domain: { arg: v(isDomainPattern, 'a domain or *'), parents: ['', 'virtual-mta'], directives: DOMAIN },
  'smtp-pattern-list': {
    arg: v(isName, 'a name'),
    parents: [''],
    directives: {
      reply: v((t) => /^\/.+\/ mode=(backoff|normal)$/.test(t), '/regular expression/ mode=backoff', true),
    },
  },
};
const TOP: Record<string, Syntax> = {
  include: INCLUDE,
  'smtp-listener': v(
    (t) => {
      const m = /^(.+):(\d+)$/.exec(t);
      return !!m && isCidr(m[1]!) && isPort(m[2]!);
    },
    'address/bits:port such as 0/0:25',
    true,
  ),
  'http-mgmt-port': v(isPort, 'a port number'),
  'http-access': v(
    words(2, isCidr, (w) => ['admin', 'monitor', 'none'].includes(w)),
    'a network and admin or monitor',
    true,
  ),
};

interface Open {
  kind: string;
  arg: string;
  line: number;
  seen: Set<string>;
  /** The `<domain>` blocks already opened inside it. */
  domains: Set<string>;
}

/** Every problem of `text`, in line order; none means the console may upload it. */
export function validateConfig(text: string): ConfigError[] {
  return check(text, '', false);
}

/**
 * Every problem of an administrator's PMTA config file (spec 3 "PMTA configs", decision 0907): `top` is
 * included at the end of a server's configuration, `virtual-mta` inside a relay's VMTA. The same tables,
 * without `include`; names it uses may be defined by the configuration around it (pattern lists, VMTAs),
 * so those references are left to PMTA.
 */
export function validateFragment(text: string, where: 'top' | 'virtual-mta'): ConfigError[] {
  return check(text, where === 'top' ? '' : 'virtual-mta', true);
}

function check(text: string, start: '' | 'virtual-mta', fragment: boolean): ConfigError[] {
  const errors: ConfigError[] = [];
  const fail = (line: number, message: string) => errors.push({ line, message: `Line ${line}: ${message}` });
  const top: Open = { kind: start, arg: '', line: 0, seen: new Set(), domains: new Set() };
  const place = (o: Open) => (o.kind === '' ? 'the top level' : `<${o.kind}>`);
  const stack: Open[] = [top];
  const defined = {
    'virtual-mta': new Map<string, number>(),
    'virtual-mta-pool': new Map<string, number>(),
    'smtp-pattern-list': new Map<string, number>(),
    source: new Map<string, number>(),
  };
  const poolMembers: [number, string][] = [];
  const patternUses: [number, string][] = [];

  text.split('\n').forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    let here = stack[stack.length - 1]!;
    /** Blocks left open above `depth`: named, then closed, so one slip gives one error, not a cascade. */
    const unwind = (depth: number, why: string) => {
      for (const open of stack.splice(depth)) fail(open.line, `<${open.kind} ${open.arg}> is not closed (${why})`);
      here = stack[stack.length - 1]!;
    };
    const close = /^<\/([\w-]+)>$/.exec(line);
    if (close) {
      const at = stack.findLastIndex((o) => o !== top && o.kind === close[1]);
      if (at < 0) fail(n, `</${close[1]}> closes no block`);
      else {
        unwind(at + 1, `line ${n} closes </${close[1]}>`);
        stack.pop();
      }
      return;
    }
    if (line.startsWith('<')) {
      const open = /^<([\w-]+)\s+(\S+)>$/.exec(line);
      const kind = open && BLOCKS[open[1]!];
      if (!open || !kind) return fail(n, `unknown block ${line}`);
      const [, name, arg] = open as unknown as [string, string, string];
      const opened: Open = { kind: name, arg, line: n, seen: new Set(), domains: new Set() };
      if (!kind.parents.includes(here.kind) && kind.parents.includes('')) unwind(1, `line ${n} opens <${name}>`);
      if (!kind.parents.includes(here.kind)) fail(n, `<${name}> cannot be inside ${place(here)}`);
      if (!kind.arg.ok(arg)) fail(n, `<${name} ${arg}>: expected ${kind.arg.expected}`);
      if (name === 'domain') {
        if (here.domains.has(arg))
          fail(n, `<domain ${arg}> is given twice${here.arg === '' ? '' : ` in <${here.kind} ${here.arg}>`}`);
        here.domains.add(arg);
      } else if (name in defined) {
        const names = defined[name as keyof typeof defined];
        if (names.has(arg)) fail(n, `<${name} ${arg}> is defined twice (first on line ${names.get(arg)})`);
        else names.set(arg, n);
      }
      stack.push(opened);
      return;
    }
    const [, directive, value = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    const where = here.kind === '' ? 'at the top level' : `in <${here.kind}>`;
    if (fragment && directive === 'include') return fail(n, 'include cannot be used in a PMTA config file');
    const syntax = here.kind === '' ? TOP[directive!] : BLOCKS[here.kind]!.directives[directive!];
    if (!syntax) return fail(n, `unknown directive "${directive}" ${where}`);
    if (!value) return fail(n, `${directive} needs a value`);
    if (!syntax.ok(value)) fail(n, `${directive} ${value}: expected ${syntax.expected}`);
    if (here.seen.has(directive!) && !syntax.repeats) fail(n, `${directive} is given twice ${where}`);
    here.seen.add(directive!);
    if (here.kind === 'virtual-mta-pool') poolMembers.push([n, value]);
    if (directive === 'smtp-pattern-list') patternUses.push([n, value]);
  });

  for (const open of stack.slice(1)) fail(open.line, `<${open.kind} ${open.arg}> is not closed (end of file)`);
  if (fragment) return errors.sort((a, b) => a.line - b.line);
  for (const [n, vmta] of poolMembers)
    if (!defined['virtual-mta'].has(vmta)) fail(n, `virtual-mta ${vmta}: no <virtual-mta ${vmta}> is defined`);
  for (const [n, list] of patternUses)
    if (!defined['smtp-pattern-list'].has(list))
      fail(n, `smtp-pattern-list ${list}: no <smtp-pattern-list ${list}> is defined`);
  return errors.sort((a, b) => a.line - b.line);
}
