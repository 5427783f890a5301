import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';

/** Issue 6, items 5 and 6: the two network settings are off by default and refuse what they cannot mean. */
describe('TRUST_PROXY', () => {
  it('is off by default: no forwarded address is believed', () => {
    expect(loadEnv({}).TRUST_PROXY).toBeUndefined();
  });

  it('lists addresses and CIDRs', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '1', '*', '10.0.0.0/33', 'proxy.example.com'])('stops the start on %j', (v) => {
    expect(() => loadEnv({ TRUST_PROXY: v })).toThrow(/TRUST_PROXY: .* is not an address or a CIDR/);
  });
});

describe('ALLOW_INTERNAL_URLS', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
    ['10.0.0.5,192.168.1.0/24', ['10.0.0.5', '192.168.1.0/24']],
  ])('%j means %j', (v, expected) => {
    expect(loadEnv({ ALLOW_INTERNAL_URLS: v }).ALLOW_INTERNAL_URLS).toEqual(expected);
  });

  it('stops the start on a value it cannot mean', () => {
    expect(() => loadEnv({ ALLOW_INTERNAL_URLS: 'yes' })).toThrow(/ALLOW_INTERNAL_URLS/);
  });
});

/** Each process's pool to DATABASE_URL: sized by the operator to their server's max_connections. */
describe('DATABASE_POOL_MAX', () => {
  it('is 20 unless set', () => {
    expect(loadEnv({}).DATABASE_POOL_MAX).toBe(20);
    expect(loadEnv({ DATABASE_POOL_MAX: '50' }).DATABASE_POOL_MAX).toBe(50);
  });

  it.each(['1', '0', '-3', '2.5', 'many', '1001'])('refuses %j, named', (v) => {
    expect(() => loadEnv({ DATABASE_POOL_MAX: v })).toThrow(/DATABASE_POOL_MAX/);
  });
});
