import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lookupQuery, lookupResponse, searchQuery, searchResponse } from '../../common/api/patients';
import { signedIn } from '../auth/access';
import { actorOf } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { lookupPatient, searchPatients } from './service';

export function patientRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patients'];
  r.get(
    '/api/patient/search',
    { config: signedIn, schema: { tags, querystring: searchQuery, response: { 200: searchResponse } } },
    (req) => searchPatients(db, actorOf(req), req.query.q),
  );
  r.get(
    '/api/patient/lookup',
    { config: signedIn, schema: { tags, querystring: lookupQuery, response: { 200: lookupResponse } } },
    (req) => lookupPatient(db, actorOf(req), req.query.name),
  );
}
