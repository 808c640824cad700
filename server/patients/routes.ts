import type { FastifyInstance } from 'fastify';
import { patientsApi } from '../../common/api/patients';
import { isCaseTeam } from '../../common/roles';
import { nameAsked } from '../activities';
import { actorOf } from '../caller/actor';
import { currentUser } from '../caller/guard';
import type { PatientRefs } from '../caller/patient-refs';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { lookupPatient, searchPatients } from './service';

export function patientRoutes(app: FastifyInstance, { db }: AppDeps, refs: PatientRefs): void {
  // A provider held to their own finds only their patients (docs/behaviour.md section 14).
  route(app, patientsApi.search, (req) =>
    searchPatients(db, actorOf(req), req.query.q, req.heldTo, isCaseTeam(currentUser(req).role)),
  );
  route(app, patientsApi.lookup, async (req) => {
    const name = await nameAsked(db, refs, actorOf(req), req.query, req.dataVersion, req.heldTo);
    return lookupPatient(db, actorOf(req), name, refs.idOf, req.heldTo);
  });
}
