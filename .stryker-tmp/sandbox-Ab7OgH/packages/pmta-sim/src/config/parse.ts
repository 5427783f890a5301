// @ts-nocheck
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { ACCT_DIRECTIVES, DOMAIN_DIRECTIVES, GLOBAL_DIRECTIVES, SOURCE_DIRECTIVES, type Syntax } from './directives.ts';

/*
 * `/etc/pmta/config` text -> a typed configuration, or the first refusal in PMTA's style:
 * `error: /etc/pmta/config:12: unknown directive "max-foo"` (decision 0900 lists every wording).
 * Paths are the server's paths; `readFile` maps them into the simulator's data directory.
 */

/** Directive -> value text, as written (validated); `settingsFor` reads them typed. */
export type DirectiveTexts = Record<string, string>;

export interface Vmta {
  name: string;
  sourceIp?: string;
  hostName?: string;
  domainKeys: { selector: string; domain: string; path: string }[];
  /** Nested `<domain>` overrides for this VMTA only (per-relay speed, on/off switch). */
  domains: Map<string, DirectiveTexts>;
}

export interface PatternReply {
  regex: RegExp;
  mode: 'backoff' | 'normal';
}

export interface AcctFile {
  path: string;
  records: string[];
  moveInterval?: number;
  maxSize?: number;
  deleteAfter?: number | null;
}

export interface PmtaConfig {
  smtpListeners: string[];
  httpMgmtPort?: number;
  httpAccess: { address: string; level: 'admin' | 'monitor' | 'none' }[];
  globals: DirectiveTexts;
  sources: { address: string; settings: DirectiveTexts }[];
  vmtas: Map<string, Vmta>;
  pools: Map<string, string[]>;
  domains: Map<string, DirectiveTexts>;
  patternLists: Map<string, PatternReply[]>;
  acctFiles: AcctFile[];
}

export class ConfigError extends Error {}

export interface ParseOptions {
  /** The text of a server path, or undefined when it does not exist. */
  readFile: (path: string) => string | undefined;
  /** File names in a server directory (for `include DIR/*.conf`). */
  listDir?: (path: string) => string[];
}

/** Reads server paths under a data directory. */
export function rootedFiles(root: string): Required<ParseOptions> {
  const real = (p: string) => posix.join(root, posix.normalize('/' + p));
  return {
    readFile: (p) => (existsSync(real(p)) ? readFileSync(real(p), 'utf8') : undefined),
    listDir: (p) => (existsSync(real(p)) ? readdirSync(real(p)).sort() : []),
  };
}

type Block =
  | { kind: 'source'; line: number; target: DirectiveTexts }
  | { kind: 'virtual-mta'; line: number; vmta: Vmta }
  | { kind: 'virtual-mta-pool'; line: number; members: string[]; name: string }
  | { kind: 'domain'; line: number; target: DirectiveTexts }
  | { kind: 'smtp-pattern-list'; line: number; replies: PatternReply[] }
  | { kind: 'acct-file'; line: number; acct: AcctFile };

const BLOCKS = ['source', 'virtual-mta', 'virtual-mta-pool', 'domain', 'smtp-pattern-list', 'acct-file'];

export function parseConfig(path: string, options: ParseOptions): PmtaConfig {
  const config: PmtaConfig = {
    smtpListeners: [],
    httpAccess: [],
    globals: {},
    sources: [],
    vmtas: new Map(),
    pools: new Map(),
    domains: new Map(),
    patternLists: new Map(),
    acctFiles: [],
  };
  const checks: (() => void)[] = [];
  readOne(path, config, options, checks, 0);
  for (const check of checks) check();
  return config;
}

/**
 * Reads one file into `config`. `outer` is the block an `include` stands in (PMTA includes text where the
 * directive is, so a file included inside a <virtual-mta> adds to that VMTA); the file cannot close it.
 */
function readOne(
  path: string,
  config: PmtaConfig,
  options: ParseOptions,
  checks: (() => void)[],
  depth: number,
  outer: Block[] = [],
) {
  const text = options.readFile(path);
  if (text === undefined) throw new ConfigError(`error: cannot open configuration file "${path}"`);
  const stack: Block[] = [...outer];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const at = i + 1;
    const fail = (message: string, line = at): never => {
      throw new ConfigError(`error: ${path}:${line}: ${message}`);
    };
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const top = stack.at(-1);

    const close = /^<\/([\w-]+)\s*>$/.exec(line);
    if (close) {
      if (!top || top.kind !== close[1] || stack.length <= outer.length) return fail(`unexpected </${close[1]}>`);
      stack.pop();
      return;
    }
    const open = /^<([\w-]+)(?:\s+(.*?))?\s*>$/.exec(line);
    if (open) {
      const kind = open[1]!;
      const arg = open[2] ?? '';
      if (!BLOCKS.includes(kind)) return fail(`unknown block <${kind}>`);
      if (arg === '' || /\s/.test(arg)) return fail(`<${kind}> takes one name`);
      if (top && !(top.kind === 'virtual-mta' && kind === 'domain')) {
        return fail(`<${kind}> is not allowed inside <${top.kind}>`);
      }
      stack.push(openBlock(kind, arg, at, top, config, fail, checks, path));
      return;
    }
    if (line.startsWith('<')) return fail(`malformed block line "${line}"`);

    const [directive, ...rest] = line.split(/\s+/);
    const value = rest.join(' ');
    if (value === '') return fail(`missing value for "${directive}"`);
    const set = (table: Record<string, Syntax>, target: Record<string, unknown>, where: string) => {
      const syntax = table[directive!];
      if (!syntax) return fail(`unknown directive "${directive}"${where}`);
      const parsed = syntax.parse(value);
      if (parsed === undefined)
        return fail(`invalid value "${value}" for "${directive}" (expected ${syntax.expected})`);
      target[directive!] = directive === 'records' ? parsed : value;
      return parsed;
    };

    if (directive === 'include') {
      if (depth >= 10) return fail('include files nested too deeply');
      for (const file of expand(value, path, options)) {
        if (options.readFile(file) === undefined) return fail(`cannot open include file "${value}"`);
        readOne(file, config, options, checks, depth + 1, stack);
      }
      return;
    }
    if (!top) {
      if (directive === 'smtp-listener') {
        if (!/^[\d./:a-f]+:\d{1,5}$/i.test(value))
          return fail(`invalid value "${value}" for "smtp-listener" (expected ADDRESS:PORT)`);
        config.smtpListeners.push(value);
        return;
      }
      if (directive === 'http-access') {
        const [address, level, extra] = rest;
        if (!address || !level || extra !== undefined || !['admin', 'monitor', 'none'].includes(level)) {
          return fail(`invalid value "${value}" for "http-access" (expected ADDRESS[/BITS] admin|monitor|none)`);
        }
        config.httpAccess.push({ address, level: level as 'admin' | 'monitor' | 'none' });
        return;
      }
      const parsed = set(GLOBAL_DIRECTIVES, config.globals, '');
      if (directive === 'http-mgmt-port') config.httpMgmtPort = parsed as number;
      return;
    }

    switch (top.kind) {
      case 'source':
        set(SOURCE_DIRECTIVES, top.target, ' in <source>');
        if (directive === 'default-virtual-mta') {
          checks.push(() => {
            if (!config.vmtas.has(value) && !config.pools.has(value)) fail(`unknown virtual MTA "${value}"`);
          });
        }
        return;
      case 'domain':
        set(DOMAIN_DIRECTIVES, top.target, ' in <domain>');
        if (directive === 'smtp-pattern-list') {
          checks.push(() => {
            if (!config.patternLists.has(value)) fail(`unknown smtp-pattern-list "${value}"`);
          });
        }
        return;
      case 'virtual-mta':
        if (directive === 'smtp-source-host') {
          if (rest.length !== 2 || !/^[\d.]+$|:/.test(rest[0]!)) {
            return fail(`invalid value "${value}" for "smtp-source-host" (expected IP HOST-NAME)`);
          }
          [top.vmta.sourceIp, top.vmta.hostName] = rest;
          return;
        }
        if (directive === 'domain-key') {
          const parts = value.split(',');
          if (parts.length !== 3 || parts.some((p) => p === '')) {
            return fail(`invalid value "${value}" for "domain-key" (expected SELECTOR,DOMAIN,PATH)`);
          }
          const [selector, domain, keyPath] = parts as [string, string, string];
          checks.push(() => {
            const key = options.readFile(keyPath);
            if (key === undefined) fail(`cannot open domain key file "${keyPath}"`);
            else if (!isPrivateKey(key)) fail(`invalid domain key in file "${keyPath}"`);
          });
          top.vmta.domainKeys.push({ selector, domain, path: keyPath });
          return;
        }
        return fail(`unknown directive "${directive}" in <virtual-mta>`);
      case 'virtual-mta-pool':
        if (directive !== 'virtual-mta' || rest.length !== 1)
          return fail(`unknown directive "${directive}" in <virtual-mta-pool>`);
        top.members.push(value);
        checks.push(() => {
          if (!config.vmtas.has(value)) fail(`unknown virtual MTA "${value}" in <virtual-mta-pool ${top.name}>`);
        });
        return;
      case 'smtp-pattern-list': {
        const m = /^reply\s+\/(.*)\/(i?)\s+mode=(backoff|normal)$/.exec(line);
        if (directive !== 'reply') return fail(`unknown directive "${directive}" in <smtp-pattern-list>`);
        if (!m) return fail(`invalid value "${value}" for "reply" (expected /REGEX/ mode=backoff|normal)`);
        try {
          top.replies.push({ regex: new RegExp(m[1]!, m[2]), mode: m[3] as 'backoff' | 'normal' });
        } catch {
          return fail(`invalid regular expression /${m[1]}/`);
        }
        return;
      }
      case 'acct-file': {
        const parsed = set(ACCT_DIRECTIVES, {}, ' in <acct-file>');
        const key = {
          records: 'records',
          'move-interval': 'moveInterval',
          'max-size': 'maxSize',
          'delete-after': 'deleteAfter',
        }[directive!];
        (top.acct as unknown as Record<string, unknown>)[key!] = parsed;
        return;
      }
    }
  });
  const open = stack.length > outer.length ? stack.at(-1) : undefined;
  if (open) throw new ConfigError(`error: ${path}:${open.line}: <${open.kind}> is not closed`);
}

function openBlock(
  kind: string,
  arg: string,
  line: number,
  parent: Block | undefined,
  config: PmtaConfig,
  fail: (message: string, line?: number) => never,
  checks: (() => void)[],
  path: string,
): Block {
  void checks;
  void path;
  switch (kind) {
    case 'source': {
      const target: DirectiveTexts = {};
      config.sources.push({ address: arg, settings: target });
      return { kind, line, target };
    }
    case 'virtual-mta': {
      if (config.vmtas.has(arg) || config.pools.has(arg)) fail(`virtual MTA "${arg}" is already defined`);
      const vmta: Vmta = { name: arg, domainKeys: [], domains: new Map() };
      config.vmtas.set(arg, vmta);
      return { kind, line, vmta };
    }
    case 'virtual-mta-pool': {
      if (config.vmtas.has(arg) || config.pools.has(arg)) fail(`virtual MTA "${arg}" is already defined`);
      const members: string[] = [];
      config.pools.set(arg, members);
      return { kind, line, members, name: arg };
    }
    case 'domain': {
      const map = parent?.kind === 'virtual-mta' ? parent.vmta.domains : config.domains;
      const target = map.get(arg.toLowerCase()) ?? {};
      map.set(arg.toLowerCase(), target);
      return { kind, line, target };
    }
    case 'smtp-pattern-list': {
      if (config.patternLists.has(arg)) fail(`smtp-pattern-list "${arg}" is already defined`);
      const replies: PatternReply[] = [];
      config.patternLists.set(arg, replies);
      return { kind, line, replies };
    }
    default: {
      if (!arg.startsWith('/')) fail(`<acct-file> takes an absolute path`);
      const acct: AcctFile = { path: arg, records: ['d', 'b'] };
      config.acctFiles.push(acct);
      return { kind: 'acct-file', line, acct };
    }
  }
}

/** `include` paths: relative to the including file's directory; `*` in the last part matches names. */
function expand(value: string, from: string, options: ParseOptions): string[] {
  const full = posix.normalize(value.startsWith('/') ? value : posix.join(posix.dirname(from), value));
  const base = posix.basename(full);
  if (!base.includes('*')) return [full];
  const re = new RegExp(
    '^' +
      base
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
  );
  const dir = posix.dirname(full);
  return (options.listDir?.(dir) ?? []).filter((n) => re.test(n)).map((n) => posix.join(dir, n));
}

/** Whether a key file holds a PEM private key PMTA could sign with. */
function isPrivateKey(pem: string | Buffer): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}
