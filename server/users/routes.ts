import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  registerBody,
  updateUserBody,
  userIdParams,
  userResponse,
  usersResponse,
} from '../../common/api/auth';
import { ok } from '../../common/api/shared';
import { adminsOnly } from '../auth/access';
import { actorOf } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { deleteUser, listUsers, registerUser, updateUser } from './service';

const adminOnly = adminsOnly('Only admins can manage users');

export function userRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/api/auth/users', { config: adminOnly, schema: { tags, response: { 200: usersResponse } } }, () =>
    listUsers(db),
  );

  r.post(
    '/api/auth/register',
    { config: adminOnly, schema: { tags, body: registerBody, response: { 201: userResponse } } },
    async (req, reply) => reply.status(201).send(await registerUser(db, actorOf(req), req.body)),
  );

  r.put(
    '/api/auth/users/:id',
    {
      config: adminOnly,
      schema: { tags, params: userIdParams, body: updateUserBody, response: { 200: userResponse } },
    },
    (req) => updateUser(db, actorOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/auth/users/:id',
    { config: adminOnly, schema: { tags, params: userIdParams, response: { 200: ok } } },
    (req) => deleteUser(db, actorOf(req), req.params.id),
  );
}
