// @ts-nocheck
import { CampaignTypeOf, type CampaignKindName } from './enums.ts';

/*
 * The tracking id (ARCHITECTURE §5): campaign type, campaign id, relay id and e-mail id packed into 128
 * bits. The server passes the 16 bytes through a keyed block cipher (server `tracking/uuid.ts`), so a link
 * can be read back by the console alone and nobody can forge or enumerate another recipient's. This module
 * holds the layout only (no key, browser-safe).
 *
 * Byte 0: version (high nibble) and campaign type (low nibble); bytes 1-4 campaign id; bytes 5-8 relay id;
 * bytes 9-14 e-mail id (48 bits); byte 15 a check byte. Version 2 (made today) writes the spec's type
 * numbers (CampaignType: 1 PMTA, 2 SMTP); version 1, in mail sent before decision 1130, wrote 1 SMTP,
 * 2 PMTA and still decodes with that mapping. A forged or altered id decrypts to noise that passes the
 * version, type and check (about 14 bits) once in ~15,000 tries, and then must still name a recipient of
 * that campaign.
 */

export const TRACKING_ID_VERSION = 2;
/** Each version's type numbers: the campaign kind of the low nibble of byte 0. */
const TYPE_NUMBERS: Record<number, Record<CampaignKindName, number>> = {
  /** Before decision 1130: 1 smtp, 2 pmta. Never written any more; read for ids already in inboxes. */
  1: { smtp: 1, pmta: 2 },
  2: CampaignTypeOf,
};
export type TrackingCampaignType = CampaignKindName;

export interface TrackingId {
  campaignType: TrackingCampaignType;
  campaignId: number;
  relayId: number;
  emailId: number;
}

const MAX_U32 = 0xffff_ffff;
const MAX_U48 = 2 ** 48 - 1;

/** A check byte over the 15 others (a small mixing sum; the cipher does the hiding). */
function check(b: Uint8Array): number {
  let h = 0x5a;
  for (let i = 0; i < 15; i++) h = ((h * 31) ^ b[i]!) & 0xff;
  return h;
}

/**
 * The 16 plain bytes of an id; throws on values out of their fields' range. `version` 1 is for tests that
 * make the ids of mail sent before decision 1130.
 */
export function packTrackingId(t: TrackingId, version = TRACKING_ID_VERSION): Uint8Array {
  const type = TYPE_NUMBERS[version]?.[t.campaignType];
  const fits = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v <= max;
  if (!type || !fits(t.campaignId, MAX_U32) || !fits(t.relayId, MAX_U32) || !fits(t.emailId, MAX_U48)) {
    throw new RangeError('tracking id field out of range');
  }
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  b[0] = (version << 4) | type;
  v.setUint32(1, t.campaignId);
  v.setUint32(5, t.relayId);
  v.setUint16(9, Math.floor(t.emailId / 2 ** 32));
  v.setUint32(11, t.emailId % 2 ** 32);
  b[15] = check(b);
  return b;
}

/** The id in 16 plain bytes, or null when they are not one (wrong version, type or check). */
export function unpackTrackingId(b: Uint8Array): TrackingId | null {
  const numbers = b.length === 16 ? TYPE_NUMBERS[b[0]! >> 4] : undefined;
  if (!numbers || b[15] !== check(b)) return null;
  const type = (Object.keys(numbers) as TrackingCampaignType[]).find((k) => numbers[k] === (b[0]! & 0x0f));
  if (!type) return null;
  const v = new DataView(b.buffer, b.byteOffset, 16);
  return {
    campaignType: type,
    campaignId: v.getUint32(1),
    relayId: v.getUint32(5),
    emailId: v.getUint16(9) * 2 ** 32 + v.getUint32(11),
  };
}

/** How a tracking id appears in links: 22 characters of base64url. */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
