// @ts-nocheck
import type { Api } from './api.ts';
import { loopbackRequest } from './population.ts';

/*
 * A sale reported to the console, the way an affiliate network calls a postback: the one function every
 * conversion of the demo goes through. When the console gives the offer's owner a postback URL
 * (`postbackUrl` on GET /api/offers/{id}, with {cid} and {sum} and the owner's key), that URL is used;
 * otherwise the tracker's plain `/postback?cid=&sum=`.
 */

const cache = new Map<number, string | null>();

export async function postback(o: {
  api: Api;
  baseUrl: string;
  portMap: Record<number, number>;
  offerId: number;
  cid: string;
  sum: number;
}): Promise<number> {
  let template = cache.get(o.offerId);
  if (template === undefined) {
    const offer = await o.api.get<{ postbackUrl?: string | null }>(`/offers/${o.offerId}`);
    template = offer.postbackUrl ?? null;
    cache.set(o.offerId, template);
  }
  const url = template
    ? template.replaceAll('{cid}', encodeURIComponent(o.cid)).replaceAll('{sum}', String(o.sum))
    : `${o.baseUrl}/postback?cid=${encodeURIComponent(o.cid)}&sum=${o.sum}`;
  return (await loopbackRequest(url, o.portMap)).status;
}
