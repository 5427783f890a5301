import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { outboundDoor } from '../../outbound-door.js';

/* The lint rule `server/outbound-door` (decision 1320): what it refuses outside core/outbound.ts, and what it lets be. */

const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { server: { rules: { 'outbound-door': outboundDoor } } },
    rules: { 'server/outbound-door': 'error' as const },
  },
];
const problems = (code: string) =>
  linter.verify(code, config, { filename: 'src/features/x/x.ts' }).map((m) => m.messageId ?? m.message);

describe('server/outbound-door', () => {
  it.each([
    ["await fetch('http://127.0.0.1/');", 'global'],
    ["globalThis.fetch('http://127.0.0.1/');", 'global'],
    ["import { fetch } from 'undici'; await fetch('x');", 'member'],
    ["import { Agent } from 'undici'; new Agent();", 'member'],
    ["import * as undici from 'undici'; undici.request('x');", 'member'],
    ["import { request } from 'node:http';", 'member'],
    ["import http from 'node:http'; http.get('http://x/');", 'member'],
    ["import * as https from 'https'; https.request('https://x/');", 'member'],
    ["import http2 from 'node:http2'; http2.connect('https://x/');", 'member'],
    ["import net from 'node:net'; net.connect(25, '127.0.0.1');", 'member'],
    ["import { createConnection } from 'node:net';", 'member'],
    ["import net from 'node:net'; const { connect } = net;", 'member'],
    ["import tls from 'node:tls'; tls.connect({ host: 'x', port: 443 });", 'member'],
    ["import dns from 'node:dns'; dns.lookup('x', () => {});", 'member'],
    ["import dns from 'node:dns'; await dns.promises.lookup('x');", 'member'],
    ["import { lookup } from 'node:dns/promises';", 'member'],
    ["const net = await import('node:net');", 'dynamic'],
  ])('refuses %s', (code, messageId) => {
    expect(problems(code)).toEqual([messageId]);
  });

  it.each([
    "import type { Response } from 'undici';",
    "import { type RequestInit } from 'undici';",
    "import net from 'node:net'; net.isIP('x'); net.createServer();",
    "import http from 'node:http'; http.createServer();",
    "import { Resolver } from 'node:dns/promises'; new Resolver().resolveTxt('x');",
    "import { checkedFetch } from '../core/outbound.ts'; await checkedFetch(p, 'URL', 'x', {});",
    'function f(fetch: () => void) { fetch(); }',
  ])('lets %s be', (code) => {
    expect(problems(code)).toEqual([]);
  });
});
