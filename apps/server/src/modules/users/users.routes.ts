import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailResponseSchema, userSchema } from '@meridian/domain/auth';
import { notFound } from '../../platform/http-error.ts';
import { findVisibleUser, toUser } from './users.service.ts';

const security = [{ bearerAuth: [] }];
const unauthorizedResponses = { 401: detailResponseSchema, 404: detailResponseSchema };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireAuth('access');

  const me = {
    schema: { tags: ['users'], summary: 'The signed-in user', security, response: { 200: userSchema, 401: detailResponseSchema } },
    preHandler: signedIn,
  };
  app.get('/users/me', me, async (request) => toUser(app.currentUser(request)));
  app.get('/auth/me', me, async (request) => toUser(app.currentUser(request)));

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user of the same firm (clients: only themselves)',
        security,
        params: z.object({ id: z.string() }),
        response: { 200: userSchema, ...unauthorizedResponses },
      },
      preHandler: signedIn,
    },
    async (request) => {
      const user = await findVisibleUser(app.db, app.currentUser(request), request.params.id);
      if (!user) throw notFound();
      return toUser(user);
    },
  );
};
