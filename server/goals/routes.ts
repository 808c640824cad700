import type { FastifyInstance } from 'fastify';
import { goalsApi } from '../../common/api/goals';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { currentYear } from '../platform/clock';
import { listGoals, saveGoals } from './service';

/** The goals as configured (docs/behaviour.md section 16); the Dashboard's panel is a dashboard panel. */
export function goalsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, goalsApi.goals, (req) => listGoals(db, req.query.year ?? currentYear(), req.heldTo));
  route(app, goalsApi.setGoals, (req) => saveGoals(db, actorOf(req), req.body.year, req.body.goals));
}
