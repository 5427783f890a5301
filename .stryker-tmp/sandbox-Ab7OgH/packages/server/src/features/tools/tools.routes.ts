// @ts-nocheck
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  domainHistorySchema,
  emailIdDecodeResponse,
  emailIdDecodeSchema,
  emailIdEncodeResponse,
  emailIdEncodeSchema,
  historyResponse,
  ipHistorySchema,
  logEntriesResponse,
  logEntriesSchema,
  logSourcesResponse,
  uuidDecodeResponse,
  uuidDecodeSchema,
  uuidEncodeResponse,
  uuidEncodeSchema,
} from '@console/shared/tools';
import { domainHistory, ipHistory, logSources } from './tools.repo.ts';
import { decodeEmailId, decodeUuid, encodeEmail, encodeUuid, uploadingLog } from './tools.service.ts';

const tags = ['tools'];
const config = { admin: true };

/** Spec 3 §7 "Tools": administrators only; everything is POST but the log's sources. */
export const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/uuid-decode',
    { config, schema: { tags, body: uuidDecodeSchema, response: { 200: uuidDecodeResponse } } },
    (req) => decodeUuid(ctx, req.body.uuid),
  );
  app.post(
    '/uuid-encode',
    { config, schema: { tags, body: uuidEncodeSchema, response: { 200: uuidEncodeResponse } } },
    async (req) => encodeUuid(ctx, req.body),
  );
  app.post(
    '/email-id-decode',
    { config, schema: { tags, body: emailIdDecodeSchema, response: { 200: emailIdDecodeResponse } } },
    (req) => decodeEmailId(ctx, req.body.emailId),
  );
  app.post(
    '/email-id-encode',
    { config, schema: { tags, body: emailIdEncodeSchema, response: { 200: emailIdEncodeResponse } } },
    (req) => encodeEmail(ctx, req.body.email),
  );
  app.post(
    '/ip-history',
    { config, schema: { tags, body: ipHistorySchema, response: { 200: historyResponse } } },
    async (req) => ({ history: await ipHistory(ctx.db, req.body.ip) }),
  );
  app.post(
    '/domain-history',
    { config, schema: { tags, body: domainHistorySchema, response: { 200: historyResponse } } },
    async (req) => ({ history: await domainHistory(ctx.db, req.body.domainName) }),
  );
  app.get('/log-sources', { config, schema: { tags, response: { 200: logSourcesResponse } } }, async () => ({
    sources: await logSources(ctx.db),
  }));
  app.post(
    '/log-entries',
    { config, schema: { tags, body: logEntriesSchema, response: { 200: logEntriesResponse } } },
    (req) => uploadingLog(ctx, req.body),
  );
};
