import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { packTrackingId, unpackTrackingId, type TrackingId } from '@console/shared/tracking';
import { seededRng } from '../sending/render/random.ts';
import { decodeTrackingId, encodeTrackingId } from './uuid.ts';

const secret = Buffer.from('a test secret of at least thirty-two characters!!');
const other = Buffer.from('another secret of at least thirty-two characters!');

describe('the tracking id', () => {
  it('round-trips every field at its extremes, in 22 URL-safe characters', () => {
    for (const id of [
      { campaignType: 'smtp' as const, campaignId: 0, relayId: 0, emailId: 0 },
      { campaignType: 'pmta' as const, campaignId: 0xffff_ffff, relayId: 0xffff_ffff, emailId: 2 ** 48 - 1 },
      { campaignType: 'smtp' as const, campaignId: 42, relayId: 7, emailId: 123_456_789_012 },
    ]) {
      const text = encodeTrackingId(secret, id);
      expect(text).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(decodeTrackingId(secret, text)).toEqual(id);
    }
    expect(() => encodeTrackingId(secret, { campaignType: 'smtp', campaignId: -1, relayId: 0, emailId: 0 })).toThrow();
    expect(() =>
      encodeTrackingId(secret, { campaignType: 'smtp', campaignId: 1, relayId: 0, emailId: 2 ** 48 }),
    ).toThrow();
  });

  it("writes version 2 with the spec's type numbers and still reads version 1's (1 SMTP, 2 PMTA)", () => {
    const id = { campaignId: 42, relayId: 7, emailId: 1000 };
    // Byte 0: version in the high nibble, campaign type in the low one.
    expect(packTrackingId({ ...id, campaignType: 'pmta' })[0]).toBe(0x20 | CampaignType.PMTA);
    expect(packTrackingId({ ...id, campaignType: 'smtp' })[0]).toBe(0x20 | CampaignType.SMTP);
    expect(packTrackingId({ ...id, campaignType: 'smtp' }, 1)[0]).toBe(0x11);
    expect(packTrackingId({ ...id, campaignType: 'pmta' }, 1)[0]).toBe(0x12);
    for (const campaignType of ['smtp', 'pmta'] as const) {
      for (const version of [1, 2]) {
        expect(unpackTrackingId(packTrackingId({ ...id, campaignType }, version))).toEqual({ ...id, campaignType });
        const text = encodeTrackingId(secret, { ...id, campaignType }, version);
        expect(decodeTrackingId(secret, text), `${campaignType} v${version}`).toEqual({ ...id, campaignType });
      }
    }
    // The same type nibble means the other kind in the other version.
    expect(encodeTrackingId(secret, { ...id, campaignType: 'smtp' }, 1)).not.toBe(
      encodeTrackingId(secret, { ...id, campaignType: 'smtp' }),
    );
    expect(() => packTrackingId({ ...id, campaignType: 'smtp' }, 3)).toThrow();
  });

  it('hides its fields: neighbouring recipients share no visible pattern, and another key cannot read it', () => {
    const a = encodeTrackingId(secret, { campaignType: 'smtp', campaignId: 42, relayId: 7, emailId: 1000 });
    const b = encodeTrackingId(secret, { campaignType: 'smtp', campaignId: 42, relayId: 7, emailId: 1001 });
    const same = [...a].filter((c, i) => c === b[i]).length;
    expect(same).toBeLessThan(6);
    expect(decodeTrackingId(other, a)).toBeNull();
  });

  it('refuses altered, truncated and made-up ids', () => {
    const text = encodeTrackingId(secret, { campaignType: 'pmta', campaignId: 9, relayId: 3, emailId: 77 });
    for (let i = 0; i < text.length; i++) {
      const flipped = text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
      expect(decodeTrackingId(secret, flipped), `char ${i}`).toBeNull();
    }
    // The same 16 bytes under another last character (its 4 unused bits set): only the canonical one is an id.
    const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spellings = [...b64].map((c) => text.slice(0, 21) + c);
    const same = spellings.filter((s) => Buffer.from(s, 'base64url').equals(Buffer.from(text, 'base64url')));
    expect(same).toHaveLength(16);
    expect(same.filter((s) => decodeTrackingId(secret, s))).toEqual([text]);
    expect(decodeTrackingId(secret, text.slice(0, 21))).toBeNull();
    expect(decodeTrackingId(secret, `${text}A`)).toBeNull();
    expect(decodeTrackingId(secret, 'not/a+valid=id!!!!!!!!')).toBeNull();
    // Random ids (a fixed seed, so the count is the same every run): about one in 15,000 passes the checks.
    const rng = seededRng(7);
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const bytes = Buffer.alloc(16);
      for (let j = 0; j < 16; j += 4) bytes.writeInt32BE(rng.next(), j);
      if (decodeTrackingId(secret, bytes.toString('base64url'))) accepted++;
    }
    expect(accepted).toBeLessThanOrEqual(3);
  });

  it('is AES-128 of the packed block, the same whatever was encoded or decoded before (one cipher reused)', () => {
    const secret = crypto.randomBytes(32);
    const key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'console tracking id v1', 16));
    const oneShot = (id: TrackingId) => {
      const c = crypto.createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
      return Buffer.concat([c.update(packTrackingId(id)), c.final()]).toString('base64url');
    };
    for (let i = 0; i < 200; i++) {
      const id: TrackingId = {
        campaignType: i % 2 ? 'smtp' : 'pmta',
        campaignId: i + 1,
        relayId: i * 7,
        emailId: i * 1_000_003,
      };
      const text = encodeTrackingId(secret, id);
      expect(text).toBe(oneShot(id));
      // Any block deciphered in between (here random bytes) leaves nothing behind for the next one.
      decodeTrackingId(secret, crypto.randomBytes(16).toString('base64url'));
      expect(decodeTrackingId(secret, text)).toEqual(id);
    }
  });
});
