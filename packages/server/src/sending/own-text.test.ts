import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startSmtpSink } from '../../test/peers/smtp-sink.ts';
import { startCampaign } from './campaign-state.ts';
import { startSender, type Sender } from './sender/sender.ts';
import { relayOn } from './test-setup.ts';

/*
 * Issue 26: a message with its own text (messages.text_content, written in the message form) is sent with
 * that text as its text/plain part, tags rendered, beside the HTML; the received mail is parsed by a real
 * MIME parser.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  sender = await startSender(t.ctx);
});
afterAll(async () => {
  await sender?.stop();
  for (const c of closers) await c();
  await t?.close();
});

const status = async (id: number) =>
  (await t.ctx.db.$client.query<{ status: number }>('select status from campaigns where id = $1', [id])).rows[0]!
    .status;

describe("a message's own text", () => {
  it('is the text/plain part of the campaign mail, with its tags rendered; the HTML stays the HTML', async () => {
    const s = await startSmtpSink({ credentials: { user: 'owntext', password: 'pw' }, keepRaw: true });
    closers.push(() => s.close());
    const owner = await t.user();
    const group = await f.smtpRelayGroup({ owner });
    await relayOn(t, { owner, groupId: group.id, port: s.port, account: 'owntext', password: 'pw' });
    const message = await f.message({
      owner,
      subject: 'Own text for [name]',
      content: '<html><body><p>HTML body for [email]</p><p><a href="[unsub]">Unsubscribe</a></p></body></html>',
      text: 'Plain words written by hand for [email].\n\nUnsubscribe: [unsub]',
    });
    const tag = Math.random().toString(36).slice(2, 8);
    const emails = [`a@own-${tag}.test`, `b@own-${tag}.test`];
    const list = await f.emailList({ owner, emails });
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      messageId: message.id,
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)) === CampaignStatus.Finished, 60_000);
    expect(s.messages).toHaveLength(2);
    const seen: string[] = [];
    for (const m of s.messages) {
      const raw = m.raw!.toString('utf8');
      expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
      const parsed = await simpleParser(m.raw!, { skipHtmlToText: true });
      const to = m.to[0]!;
      seen.push(to);
      expect(parsed.text).toMatch(
        new RegExp(`^Plain words written by hand for ${to.replace('.', '\\.')}\\.\\n\\nUnsubscribe: https://`),
      );
      expect(parsed.text).not.toContain('HTML body');
      expect(parsed.text).not.toContain('[unsub]');
      expect(parsed.html).toContain(`HTML body for ${to}`);
    }
    expect(seen.sort()).toEqual(emails);
  });
});
