import type { FastifyInstance } from 'fastify';
import { usersApi } from '../../common/api/auth';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { deleteUser, listUsers, registerUser, updateUser } from './service';

export function userRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, usersApi.list, () => listUsers(db));
  route(app, usersApi.register, (req) => registerUser(db, actorOf(req), req.body));
  route(app, usersApi.update, (req) => updateUser(db, actorOf(req), req.params.id, req.body));
  route(app, usersApi.remove, (req) => deleteUser(db, actorOf(req), req.params.id));
}
