import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activitiesApi } from '../../common/api/activities';
import { actorOf } from '../caller/actor';
import { currentUser } from '../caller/guard';
import type { PatientRefs } from '../caller/patient-refs';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { today } from '../platform/clock';
import { nameAsked, patientRef } from './asked';
import type { Asker } from './patient';
import { createActivity, deleteActivity, listActivities } from './service';
import { assignees, teamSummary } from './summary';

/** The caller as the patient rules see them: their role, and whom they are held to. */
const askerOf = (req: FastifyRequest): Asker => ({ role: currentUser(req).role, heldTo: req.heldTo });
const writerOf = (req: FastifyRequest) => {
  const user = currentUser(req);
  return { ...actorOf(req), id: user.id, username: user.username, role: user.role };
};

export function activityRoutes(app: FastifyInstance, { db, now }: AppDeps, refs: PatientRefs): void {
  route(app, activitiesApi.create, (req) =>
    createActivity(db, writerOf(req), askerOf(req), req.body, today()),
  );
  route(app, activitiesApi.list, async (req) => {
    const name = await nameAsked(db, refs, actorOf(req), req.query, req.dataVersion, req.heldTo);
    return listActivities(db, actorOf(req), askerOf(req), name, today(), refs.idOf);
  });
  route(app, activitiesApi.ref, (req) => patientRef(db, refs, askerOf(req), req.body.patient_name));
  route(app, activitiesApi.remove, (req) =>
    deleteActivity(db, writerOf(req), req.params.id, now ? now() : Date.now()),
  );
  route(app, activitiesApi.assignees, () => assignees(db));
  route(app, activitiesApi.summary, (req) => teamSummary(db, actorOf(req), req.query, today()));
}
