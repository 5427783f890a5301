import { describe, expect, it } from 'vitest';
import { open, seal } from './sealed.ts';

const secret = new TextEncoder().encode('a test secret of some length');

describe('sealed secrets', () => {
  it('opens what it sealed, and the sealed form does not contain the text', () => {
    const s = seal(secret, 'p@ssw0rd é');
    expect(s).not.toContain('p@ssw0rd');
    expect(open(secret, s)).toBe('p@ssw0rd é');
    expect(seal(secret, 'same')).not.toBe(seal(secret, 'same')); // a fresh IV each time
  });
  it('refuses another secret and an altered value', () => {
    const s = seal(secret, 'x');
    expect(() => open(new TextEncoder().encode('another'), s)).toThrow();
    const parts = s.split('.');
    // One bit flipped: a fixed replacement byte equals the random ciphertext once in 256 runs (seen in CI).
    const altered = Buffer.from(parts[3]!, 'base64url');
    altered[0]! ^= 1;
    parts[3] = altered.toString('base64url');
    expect(() => open(secret, parts.join('.'))).toThrow();
    expect(() => open(secret, 'plain')).toThrow();
  });
});
