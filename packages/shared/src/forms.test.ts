import { describe, expect, it } from 'vitest';
import { CategoryMessages, categoryCreateSchema } from './categories.ts';
import { CampaignMessages, smtpCampaignSchema } from './campaigns.ts';
import { OfferMessages, decodeOfferUrl, encodeOfferUrl, isOfferUrl, offerSchema } from './offers.ts';
import { SocksMessages, socksSchema } from './socks-proxies.ts';
import { smtpServerSchema } from './smtp-servers.ts';
import { smtpRelayUpdateSchema } from './smtp-relays.ts';

/*
 * The forms' words: the web's fields and the API answer with these messages from one schema each, so a
 * unit test of the schema is a test of both (no database, no browser).
 */

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
/** field -> first message, as the forms show them. */
const messages = (r: Parsed) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('offer form', () => {
  it('names every missing field', () => {
    expect(messages(offerSchema.safeParse({}))).toMatchObject({
      category: OfferMessages.categoryRequired,
      name: OfferMessages.nameRequired,
      url: OfferMessages.urlRequired,
    });
  });

  it.each(['not a url', 'ftp://example.com/x', 'https://'])("refuses %s: 'Invalid url.'", (url) => {
    expect(messages(offerSchema.safeParse({ category: 1, name: 'Spring', url, user: 1 }))).toEqual({
      url: OfferMessages.invalidUrl,
    });
  });

  it('keeps the tracker placeholders literal and never encodes twice', () => {
    const url = 'https://shop.example.com/landing?c=[click_id]&note=spring sale&path=a%2Fb';
    const stored = encodeOfferUrl(url);
    expect(stored).toBe('https://shop.example.com/landing?c=[click_id]&note=spring%20sale&path=a%2Fb');
    expect(encodeOfferUrl(stored)).toBe(stored);
    expect(decodeOfferUrl(stored)).toBe('https://shop.example.com/landing?c=[click_id]&note=spring sale&path=a%2Fb');
    expect(isOfferUrl(url)).toBe(true);
  });
});

describe('socks form', () => {
  it('names the port range, not only the integer check (issue 22)', () => {
    expect(messages(socksSchema.safeParse({ ip: '198.51.100.7', port: 99999 }))).toEqual({
      port: SocksMessages.portRange,
    });
    expect(SocksMessages.portRange).toBe('Port must be between 1 and 65535.');
  });

  it.each([
    [{ port: 1080 }, { ip: SocksMessages.ipRequired }],
    [{ ip: '300.1.1.1', port: 1080 }, { ip: SocksMessages.ipInvalid }],
    [{ ip: '198.51.100.7', port: 'abc' }, { port: SocksMessages.portInteger }],
  ])('%j: %j', (body, expected) => {
    expect(messages(socksSchema.safeParse(body))).toEqual(expected);
  });
});

describe('category form', () => {
  it('requires the name', () => {
    expect(messages(categoryCreateSchema.safeParse({ name: '  ' }))).toEqual({ name: CategoryMessages.nameRequired });
  });
});

describe('campaign form', () => {
  const valid = {
    name: 'Spring',
    sender: 'News',
    emailList: 1,
    mailProviders: [1, 2],
    message: 3,
    offer: 4,
    offerLinks: 5,
    relayStatus: 2,
    relayGroup: 6,
    scheduledStart: '2030-05-01 10:00',
    scheduledStop: '2030-05-01 12:00',
  };

  it('accepts a whole campaign, with the schedule as UTC instants', () => {
    const r = smtpCampaignSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.scheduledStart?.toISOString()).toBe('2030-05-01T10:00:00.000Z');
  });

  it.each([
    ['name', CampaignMessages.nameRequired],
    ['sender', CampaignMessages.senderRequired],
    ['emailList', CampaignMessages.emailListRequired],
    ['message', CampaignMessages.messageRequired],
    ['offerLinks', CampaignMessages.offerLinksRequired],
    ['relayGroup', CampaignMessages.relayGroupRequired],
  ])('without %s: %s', (field, message) => {
    expect(messages(smtpCampaignSchema.safeParse({ ...valid, [field]: undefined }))).toEqual({ [field]: message });
  });

  it('wants the start before the stop', () => {
    const r = smtpCampaignSchema.safeParse({ ...valid, scheduledStop: '2030-05-01 09:00' });
    expect(messages(r)).toEqual({ scheduledStop: CampaignMessages.startBeforeStop });
  });
});

describe('a whole number out of range is not "not an integer" (issue 38)', () => {
  const server = {
    name: 'a',
    host: 'smtp.example.com',
    port: 25,
    tls: false,
    relayNormalSpeed: 60,
    relayBackoffSpeed: 600,
  };
  const first = (r: Parsed, field: string) => r.error?.issues.find((i) => i.path.join('.') === field)?.message;

  it.each([
    [{ port: 'abc' }, 'port', 'Port must be integer.'],
    [{ port: '1.5' }, 'port', 'Port must be integer.'],
    [{ port: 70000 }, 'port', 'Port must be between 1 and 65535.'],
    [{ relayNormalSpeed: -5 }, 'relayNormalSpeed', 'Relay Normal Speed must be at least 0.'],
    [{ relayNormalSpeed: '-5' }, 'relayNormalSpeed', 'Relay Normal Speed must be at least 0.'],
    [{ relayNormalSpeed: 'abc' }, 'relayNormalSpeed', 'Relay Normal Speed must be integer.'],
  ])('SMTP server %j: %s says %s', (patch, field, message) => {
    expect(first(smtpServerSchema.safeParse({ ...server, ...patch }), field)).toBe(message);
  });

  it("an SMTP relay's speed of -5 (the spec's messages have no final dot)", () => {
    const r = smtpRelayUpdateSchema.safeParse({ normalSpeed: -5, backoffSpeed: 600 });
    expect(first(r, 'normalSpeed')).toBe('Normal Relay speed must be at least 0');
  });
});
