import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  removeSpamMxSchema,
  spamMxItem,
  spamMxSchema,
  removeSpamDomainSchema,
  removeSpamEmailSchema,
  spamDomainItem,
  spamDomainSchema,
  spamEmailItem,
  spamEmailSchema,
} from '@console/shared/spam-traps';
import { found, idParams } from '../../core/access.ts';
import { acceptFile, fileUploadSchema } from '../../core/imports/routes.ts';
import { addSpamMx, removeSpamMx } from './mx.ts';
import { spamDomainsImport, spamEmailsImport, spamMxsImport } from './spam-traps.import.ts';
import {
  findSpamDomain,
  findSpamEmail,
  findSpamMx,
  spamDomainsCollection,
  spamEmailsCollection,
  spamMxsCollection,
} from './spam-traps.repo.ts';
import {
  addSpamDomain,
  addSpamEmail,
  removeSpamDomain,
  removeSpamEmail,
  renameSpamDomain,
  updateSpamEmail,
} from './spam-traps.service.ts';

const config = { admin: true };

/** Administrators: spam-trap domains and e-mails; every change keeps the lists' validity true. */
export const spamTrapsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const domains = ['spam_domains'];
  const emails = ['spam_emails'];

  spamDomainsCollection.serveList(app, '/mail_provider_domains', { tags: domains, config });
  app.get(
    '/mail_provider_domains/:id',
    { config, schema: { tags: domains, params: idParams, response: { 200: spamDomainItem } } },
    async (req) => found(await findSpamDomain(ctx.db, req.params.id)),
  );
  /** The update call spec 2 mentions: a spam-trap domain of nobody's renamed. */
  app.put(
    '/mail_provider_domains/:id',
    { config, schema: { tags: domains, params: idParams, body: spamDomainSchema, response: { 200: spamDomainItem } } },
    (req) => renameSpamDomain(ctx, req.params.id, req.body.domain),
  );
  app.post(
    '/add-spam-domain',
    { config, schema: { tags: domains, body: spamDomainSchema, response: { 201: spamDomainItem } } },
    async (req, reply) => reply.status(201).send(await addSpamDomain(ctx, req.body.domain)),
  );
  app.post('/add-spam-domains', { config, schema: fileUploadSchema('spam_domains') }, (req) =>
    acceptFile(ctx, req, spamDomainsImport),
  );
  app.post(
    '/remove-spam-domain',
    { config, schema: { tags: domains, body: removeSpamDomainSchema } },
    async (req, reply) => {
      await removeSpamDomain(ctx, req.body.domainId);
      return reply.status(204).send();
    },
  );

  spamEmailsCollection.serveList(app, '/spam_emails', { tags: emails, config });
  app.get(
    '/spam_emails/:id',
    { config, schema: { tags: emails, params: idParams, response: { 200: spamEmailItem } } },
    async (req) => found(await findSpamEmail(ctx.db, req.params.id)),
  );
  app.put(
    '/spam_emails/:id',
    { config, schema: { tags: emails, params: idParams, body: spamEmailSchema, response: { 200: spamEmailItem } } },
    (req) => updateSpamEmail(ctx, req.params.id, req.body.email, req.body.info),
  );
  app.post(
    '/add-spam-email',
    { config, schema: { tags: emails, body: spamEmailSchema, response: { 201: spamEmailItem } } },
    async (req, reply) => reply.status(201).send(await addSpamEmail(ctx, req.body.email, req.body.info)),
  );
  app.post('/add-spam-emails', { config, schema: fileUploadSchema('spam_emails') }, (req) =>
    acceptFile(ctx, req, spamEmailsImport),
  );
  app.post(
    '/remove-spam-email',
    { config, schema: { tags: emails, body: removeSpamEmailSchema } },
    async (req, reply) => {
      await removeSpamEmail(ctx, req.body.emailId);
      return reply.status(204).send();
    },
  );

  const mxs = ['spam_mxs'];
  spamMxsCollection.serveList(app, '/dns_records', { tags: mxs, config });
  app.get(
    '/dns_records/:id',
    { config, schema: { tags: mxs, params: idParams, response: { 200: spamMxItem } } },
    async (req) => found(await findSpamMx(ctx.db, req.params.id)),
  );
  app.post(
    '/add-spam-mx',
    { config, schema: { tags: mxs, body: spamMxSchema, response: { 201: spamMxItem } } },
    async (req, reply) => reply.status(201).send(await addSpamMx(ctx, req.body.mx)),
  );
  app.post('/add-spam-mxs', { config, schema: fileUploadSchema('spam_mxs') }, (req) =>
    acceptFile(ctx, req, spamMxsImport),
  );
  /** 200 on success, as spec 2 says for this one. */
  app.post('/remove-spam-mx', { config, schema: { tags: mxs, body: removeSpamMxSchema } }, async (req) => {
    await removeSpamMx(ctx, req.body.recordId);
    return { success: true };
  });
};
