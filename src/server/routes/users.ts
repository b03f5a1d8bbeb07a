import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { User, UserInput, UserPatch } from '../../api/auth.js';
import { IdParams } from '../../api/common.js';
import { ADMIN } from '../../core/auth/principal.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '../../core/auth/users.js';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['users'];
  const config = { access: ADMIN };

  app.get('/v1/users', { config, schema: { tags, response: { 200: z.array(User) } } }, () => listUsers(ctx));

  app.get('/v1/users/:id', { config, schema: { tags, params: IdParams, response: { 200: User } } }, (request) =>
    getUser(ctx, request.params.id),
  );

  app.post('/v1/users', { config, schema: { tags, body: UserInput, response: { 201: User } } }, async (request, reply) =>
    reply.code(201).send(await createUser(ctx, request.body)),
  );

  app.patch(
    '/v1/users/:id',
    { config, schema: { tags, params: IdParams, body: UserPatch, response: { 200: User } } },
    async (request) => {
      const user = await updateUser(ctx, request.params.id, request.body);
      app.services.hub.recheckCredentials(); // a new password or role ends the user's event streams at once
      return user;
    },
  );

  app.delete('/v1/users/:id', { config, schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteUser(ctx, request.params.id);
    app.services.hub.recheckCredentials();
    return reply.code(204).send();
  });
};

export default userRoutes;
