import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '@meridian/domain/shared/ids';
import { advisorListQuerySchema, advisorListResponseSchema } from '@meridian/domain/users/advisors';
import { detailResponseSchema, userSchema } from '@meridian/domain/auth/contracts';
import type { UserRow } from '../../db/schema/users.ts';
import { notFound } from '../../platform/http-error.ts';
import { findVisibleUser, listFirmAdvisors, toUser } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = {
    schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: userSchema } },
    config: { access: 'signedIn' as const },
  };
  // The answer is a function of the users row alone, and the auth guard hands out the same frozen
  // row object while it is cached: serialise it (through the route's own zod serializer, so the
  // bytes are exactly what it would produce) once per row instead of once per request.
  const serializedMe = new WeakMap<UserRow, ReturnType<FastifyReply['serialize']>>();
  const sendMe = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = app.currentUser(request);
    let body = serializedMe.get(user);
    if (body === undefined) {
      body = reply.serialize(toUser(user, app));
      serializedMe.set(user, body);
    }
    // With a JSON content type, Fastify sends a string as it is (no second serialisation).
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.get('/users/me', me, sendMe);
  app.get('/auth/me', me, sendMe);

  // A static path: find-my-way prefers it to '/users/:id' whatever the order of registration.
  app.get(
    '/users/advisors',
    {
      schema: {
        tags: ['users'],
        summary: "The firm's active advisors with their client counts (admins and advisors)",
        querystring: advisorListQuerySchema,
        response: { 200: advisorListResponseSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => listFirmAdvisors(app.db, app.currentUser(request).firmId, request.query),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user of the same firm (clients: only themselves)',
        params: z.object({ id: pathId('The user id (UUID)') }),
        response: { 200: userSchema, 404: detailResponseSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request) => {
      const user = await findVisibleUser(app.db, app.currentUser(request), request.params.id);
      if (!user) throw notFound();
      return toUser(user, app);
    },
  );
};
