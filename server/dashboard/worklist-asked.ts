import type { FastifyRequest } from 'fastify';
import type { ParsedInput } from '../../common/api/endpoint';
import type { worklistApi } from '../../common/api/worklist';
import { currentUser } from '../caller/guard';
import type { Tx } from '../db/client';
import { resolveAssignedTo, type WorklistAsked } from '../worklist';
import { filtersAsked } from './filters-asked';

type WorklistRequest = FastifyRequest & { query: ParsedInput<typeof worklistApi.list, 'query'> };

/**
 * The worklist a request asks for, read the same way for the list and for its workbook: the
 * provider, location and day as every filter is read (filtersAsked), `assigned_to` resolved to
 * a user (400 for no such user).
 */
export async function worklistAsked(req: WorklistRequest, db: Tx): Promise<WorklistAsked> {
  const { provider, location, asOf } = filtersAsked(req);
  const { stage, include_scheduled, include_snoozed, assigned_to, sort } = req.query;
  return {
    stage: stage ?? null,
    provider,
    location,
    asOf,
    includeScheduled: include_scheduled,
    includeSnoozed: include_snoozed,
    assignedTo: await resolveAssignedTo(db, assigned_to, currentUser(req).username),
    sort,
  };
}
