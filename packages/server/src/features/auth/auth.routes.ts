import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthMessages,
  loginSchema,
  logoutSchema,
  profileItem,
  refreshSchema,
  registerSchema,
  registrationSettingSchema,
} from '@console/shared/auth';
import { emailField } from '@console/shared/fields';
import { found } from '../../core/access.ts';
import { findProfile } from '../../core/accounts.ts';
import {
  changeRegistrationSetting,
  login,
  logout,
  refresh,
  register,
  registrationSetting,
  requestPasswordReset,
} from './auth.service.ts';

const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/register',
    { config: { public: true }, schema: { tags: ['auth'], body: registerSchema } },
    async (req, reply) => {
      const id = await register(ctx, req.body, req.ip);
      return reply.status(201).send({ id, isActive: false, message: AuthMessages.registered });
    },
  );

  app.get(
    '/registration',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: registrationSettingSchema } } },
    async () => registrationSetting(ctx),
  );

  app.put(
    '/registration',
    {
      config: { admin: true },
      schema: { tags: ['auth'], body: registrationSettingSchema, response: { 200: registrationSettingSchema } },
    },
    async (req) => changeRegistrationSetting(ctx, req.body),
  );

  app.post(
    '/login_check',
    { config: { public: true }, schema: { tags: ['auth'], body: loginSchema, response: { 200: tokenPair } } },
    async (req) => login(ctx, req.body, req.ip),
  );

  app.post(
    '/token/refresh',
    { config: { public: true }, schema: { tags: ['auth'], body: refreshSchema, response: { 200: tokenPair } } },
    async (req) => refresh(ctx, req.body.refresh_token),
  );

  app.post(
    '/logout',
    { config: { public: true }, schema: { tags: ['auth'], body: logoutSchema } },
    async (req, reply) => {
      await logout(ctx, req.body.refresh_token, req.body.all ?? false);
      return reply.status(204).send();
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: z.object({ email: emailField('Email is required', 'Email is invalid.') }) },
    },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email);
      return { message: 'If an account uses this e-mail, an administrator has been asked to reset its password.' };
    },
  );

  app.get('/profile', { schema: { tags: ['auth'], response: { 200: profileItem } } }, async (req) => ({
    ...found(await findProfile(ctx.db, req.user.id)),
    ...(ctx.env.DEMO ? { demo: true as const } : {}),
  }));
};
