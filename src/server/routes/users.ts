import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { User, UserInput, UserPatch } from '../../api/auth.js';
import { IdParams } from '../../api/common.js';
import { ADMIN } from '../../core/auth/principal.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '../../core/auth/users.js';
import { keptInitialPassword } from '../initial-admin.js';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, dataDir } = app.services;
  const tags = ['users'];
  const config = { access: ADMIN };
  // A user changed or deleted: the first admin's kept password goes once it no longer logs in (before the answer,
  // so whoever changed it finds the file gone).
  const settleKeptPassword = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 300) await keptInitialPassword(ctx, dataDir);
    return payload;
  };

  app.get('/v1/users', { config, schema: { tags, response: { 200: z.array(User) } } }, () => listUsers(ctx));

  app.get('/v1/users/:id', { config, schema: { tags, params: IdParams, response: { 200: User } } }, (request) =>
    getUser(ctx, request.params.id),
  );

  app.post(
    '/v1/users',
    { config, schema: { tags, body: UserInput, response: { 201: User } } },
    async (request, reply) => reply.code(201).send(await createUser(ctx, request.body)),
  );

  app.patch(
    '/v1/users/:id',
    {
      config,
      schema: { tags, params: IdParams, body: UserPatch, response: { 200: User } },
      onSend: settleKeptPassword,
    },
    async (request) => {
      const user = await updateUser(ctx, request.params.id, request.body);
      app.services.hub.recheckCredentials(); // a new password or role ends the user's event streams at once
      return user;
    },
  );

  const deleteOptions = { config, schema: { tags, params: IdParams }, onSend: settleKeptPassword };
  app.delete('/v1/users/:id', deleteOptions, async (request, reply) => {
    await deleteUser(ctx, request.params.id);
    app.services.hub.recheckCredentials();
    return reply.code(204).send();
  });
};

export default userRoutes;
