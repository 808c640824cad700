import type { FastifyInstance } from 'fastify';
import { configApi } from '../../common/api/config';
import { recordAudit } from '../audit/service';
import { actorOf } from '../caller/actor';
import { providerLabel } from '../domain/figures';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { readScoresheet } from '../scoresheet/service';
import { readProvidersSeeOwnOnly, saveProvidersSeeOwnOnly } from './privacy';
import {
  addCodeMapping,
  deleteCodeMapping,
  initializeSystem,
  listCodeMappings,
  listMappingValues,
  updateCodeMapping,
} from './service';

export function configRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, configApi.codeMappings, () => listCodeMappings(db));
  route(app, configApi.addCodeMapping, (req) => addCodeMapping(db, actorOf(req), req.body));
  route(app, configApi.updateCodeMapping, (req) =>
    updateCodeMapping(db, actorOf(req), req.params.proc_code, req.body),
  );
  route(app, configApi.deleteCodeMapping, (req) => deleteCodeMapping(db, actorOf(req), req.params.proc_code));
  route(app, configApi.mappingValues, () => listMappingValues(db));
  route(app, configApi.initialize, (req) => initializeSystem(db, actorOf(req)));
  route(app, configApi.privacy, async () => ({
    success: true as const,
    providers_see_own_only: await readProvidersSeeOwnOnly(db),
  }));
  route(app, configApi.setPrivacy, (req) =>
    saveProvidersSeeOwnOnly(db, actorOf(req), req.body.providers_see_own_only),
  );
  route(app, configApi.scoresheet, async (req) => {
    // A provider held to their own reads only their rows (docs/behaviour.md section 14).
    const scoresheet = await readScoresheet(db, req.heldTo);
    await recordAudit(db, actorOf(req), 'scoresheet_viewed', {
      rows: scoresheet.length,
      ...(req.heldTo !== null && { provider: providerLabel(req.heldTo) }),
    });
    return { success: true as const, scoresheet };
  });
}
