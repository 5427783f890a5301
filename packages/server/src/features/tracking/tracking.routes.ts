import crypto from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TrackingId } from '@console/shared/tracking';
import { metrics } from '../../core/metrics.ts';
import { loggable } from '../../core/errors.ts';
import { CampaignCache, recipientClicked, type TrackedCampaign } from '../../tracking/campaigns.ts';
import { countryOf } from '../../tracking/geo.ts';
import { GroupCommit, type Hit, type HitResult } from '../../tracking/group-commit.ts';
import { NO_CACHE, PAGE_HEADERS, PIXEL, unsubscribePage, unsubscribedPage } from '../../tracking/pages.ts';
import { trackerPing } from '../../tracking/ping.ts';
import { parseSum, profitCents } from '../../tracking/postback.ts';
import { peekRecipient, unsubscribe } from '../../tracking/unsubscribe.ts';
import { decodeTrackingId } from '../../tracking/uuid.ts';

/*
 * The tracking endpoints (ARCHITECTURE §5, docs/decisions/0803), outside /api and public: the open pixel,
 * the click redirect, the unsubscribe page and one-click POST, and the conversion postback. Anything may
 * follow the id in the path. An id that does not decode, names no campaign of its type or no recipient of
 * that campaign answers 404 in plain text and writes nothing. HEAD requests (link scanners) answer as GET
 * would but count nothing.
 */

interface Located {
  uuid: string;
  id: TrackingId;
  campaign: TrackedCampaign;
}

const text = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).headers(NO_CACHE).type('text/plain; charset=utf-8').send(body);
const notFound = (reply: FastifyReply) => text(reply, 404, 'Not found.');

/** The offer (or its plug) with the tracker's placeholders filled. */
export function clickTarget(c: TrackedCampaign, uuid: string, email: string): string {
  return (c.plug ?? c.offerUrl)
    .replaceAll('[click_id]', uuid)
    .replaceAll('[trk]', `${c.type}-${c.id}`)
    .replaceAll('[email]', encodeURIComponent(email));
}

/** A click's target as a function of the recipient, built once however often it is asked for. */
const targetOf = (at: Located) => {
  let url: string | undefined; // the event's detail and the answer's location: made once, the same recipient
  return (r: { email: string }) => (url ??= clickTarget(at.campaign, at.uuid, r.email));
};

/** The key of a postback against the owner's, in constant time; no owner key: nothing matches. */
function keyMatches(expected: string | null, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

export async function trackingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const campaigns = new CampaignCache(ctx.db.$client);
  const commits = new GroupCommit(ctx);
  app.addHook('onClose', () => commits.close());
  app.addHook('onResponse', (req, reply, done) => {
    const kind = req.routeOptions.url;
    if (kind?.startsWith('/t/') || kind?.startsWith('/postback'))
      metrics.trackerHits.inc({ kind: `${req.method} ${kind}`, answer: String(reply.statusCode) });
    done();
  });
  // Public; the console's security headers are not the tracker's (decision 1011): helmet is registered in
  // the console's context only (app.ts, decision 1210).
  const route = { config: { public: true }, schema: { hide: true } } as const;

  async function locate(uuid: unknown): Promise<Located | null> {
    if (typeof uuid !== 'string') return null;
    const id = decodeTrackingId(ctx.secret, uuid);
    if (!id || id.relayId > 2 ** 31 - 1) return null;
    const campaign = await campaigns.get(id.campaignType, id.campaignId);
    return campaign && { uuid, id, campaign };
  }

  /** Decodes, then runs `work`; a database failure answers 503 (the client may retry; nothing was committed). */
  const handle =
    (work: (req: FastifyRequest, reply: FastifyReply, at: Located) => Promise<unknown>, idFrom = 'params') =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const raw =
          idFrom === 'params' ? (req.params as { uuid?: unknown }).uuid : (req.query as { cid?: unknown }).cid;
        const at = await locate(raw);
        if (!at) return notFound(reply);
        return await work(req, reply, at);
      } catch (e) {
        req.log.error({ err: loggable(e) }, 'tracking hit failed');
        return reply
          .code(503)
          .headers({ ...NO_CACHE, 'retry-after': '1' })
          .type('text/plain')
          .send('Try again later.');
      }
    };

  /** The hit committed (GET) or the recipient looked up (HEAD); null when there is no such recipient. */
  async function record(req: FastifyRequest, at: Located, hit: Omit<Hit, 'campaign' | 'relayId' | 'emailId'>) {
    const peek = async () => {
      const recipient = await peekRecipient(ctx, at.campaign, at.id.emailId);
      return recipient && ({ found: true, recipient, counted: false, first: false } satisfies HitResult);
    };
    // An archived campaign's hits are answered (the pixel, the redirect) but not counted (decision 1370).
    if (req.method === 'HEAD' || at.campaign.recipientsArchived) return peek();
    const result = await commits.hit({ ...hit, campaign: at.campaign, relayId: at.id.relayId, emailId: at.id.emailId });
    return result.found ? result : null;
  }

  const open = handle(async (req, reply, at) => {
    if (!(await record(req, at, { kind: 'open' }))) return notFound(reply);
    return reply.code(200).headers(NO_CACHE).type('image/gif').send(PIXEL);
  });
  const click = handle(async (req, reply, at) => {
    const target = targetOf(at);
    const result = await record(req, at, { kind: 'click', detail: target, country: countryOf(req.ip) });
    if (!result) return notFound(reply);
    return reply.code(302).headers(NO_CACHE).header('location', target(result.recipient)).send();
  });
  const unsubscribeForm = handle(async (_req, reply, at) => {
    const recipient = await peekRecipient(ctx, at.campaign, at.id.emailId);
    if (!recipient) return notFound(reply);
    return reply
      .code(200)
      .headers(PAGE_HEADERS)
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(recipient.email));
  });
  // RFC 8058: the body is `List-Unsubscribe=One-Click`; any POST here is the recipient's (or their mail
  // client's) explicit request, so the body is not required. 200, never a redirect.
  const unsubscribeNow = handle(async (_req, reply, at) => {
    const done = await unsubscribe(ctx, at.campaign, at.id.relayId, at.id.emailId);
    if (!done) return notFound(reply);
    return reply
      .code(200)
      .headers(PAGE_HEADERS)
      .type('text/html; charset=utf-8')
      .send(unsubscribedPage(done.recipient.email));
  });
  const postback = handle(async (req, reply, at) => {
    // The owner's postback key (issue 24): without it nothing is counted, whoever holds a tracking id.
    if (!keyMatches(at.campaign.postbackKey, (req.query as { key?: unknown }).key))
      return text(reply, 403, 'Forbidden.');
    const sum = (req.query as { sum?: unknown }).sum;
    const micros = sum === undefined || typeof sum === 'string' ? parseSum(sum) : null;
    if (micros === null) return text(reply, 400, 'Invalid sum.');
    if (at.campaign.postbackMaxAmount !== null && micros > Math.round(at.campaign.postbackMaxAmount * 1e6))
      return text(reply, 400, "The sum is above the offer's maximum amount.");
    if (at.campaign.postbackRequiresClick && !(await recipientClicked(ctx.db.$client, at.campaign.id, at.id.emailId)))
      return text(reply, 403, 'No click before this conversion.');
    const amountCents = profitCents(micros, at.campaign.profitRate);
    const result = await record(req, at, { kind: 'conversion', amountCents, detail: () => at.uuid });
    if (!result) return notFound(reply);
    return reply
      .code(200)
      .headers(NO_CACHE)
      .send({
        status:
          req.method === 'HEAD'
            ? 'ok'
            : result.counted
              ? 'recorded'
              : at.campaign.recipientsArchived
                ? 'archived'
                : 'duplicate',
      });
  }, 'query');

  for (const path of ['/t/o/:uuid', '/t/o/:uuid/*']) app.get(path, route, open);
  for (const path of ['/t/c/:uuid', '/t/c/:uuid/*']) app.get(path, route, click);
  // The one-click POST may come form-encoded or as multipart/form-data (RFC 8058's own example): only these
  // routes take a body, so only their context has the parsers (and multipart's per-request hooks).
  await app.register(async (forms) => {
    await forms.register(formbody);
    await forms.register(multipart);
    for (const path of ['/t/u/:uuid', '/t/u/:uuid/*']) {
      forms.get(path, route, unsubscribeForm);
      forms.post(path, route, unsubscribeNow);
    }
  });
  app.get('/postback', route, postback);
  // Who answers here (decision 0920): the trouble report asks `http://<relay host>:9999/t/ping`.
  app.get('/t/ping', route, (_req, reply) => reply.headers(NO_CACHE).send(trackerPing(ctx.secret)));
}
