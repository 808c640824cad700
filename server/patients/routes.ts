import type { FastifyInstance } from 'fastify';
import { patientsApi } from '../../common/api/patients';
import { canEditData } from '../../common/roles';
import { actorOf, currentUser } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { lookupPatient, searchPatients } from './service';

export function patientRoutes(app: FastifyInstance, { db }: AppDeps): void {
  // A provider held to their own finds only their patients (docs/behaviour.md section 14).
  route(app, patientsApi.search, (req) =>
    searchPatients(db, actorOf(req), req.query.q, req.heldTo, canEditData(currentUser(req).role)),
  );
  route(app, patientsApi.lookup, (req) => lookupPatient(db, actorOf(req), req.query.name, req.heldTo));
}
