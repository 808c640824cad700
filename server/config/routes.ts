import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codeMappingBody,
  codeMappingResponse,
  codeMappingsResponse,
  initializeResponse,
  mappingValuesResponse,
  procCodeParams,
  scoresheetResponse,
} from '../../common/api/config';
import { messageResponse } from '../../common/api/shared';
import { recordAudit } from '../audit/service';
import { editorsOnly, signedIn } from '../auth/access';
import { actorOf } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { readScoresheet } from '../scoresheet/service';
import {
  addCodeMapping,
  deleteCodeMapping,
  initializeSystem,
  listCodeMappings,
  listMappingValues,
  updateCodeMapping,
} from './service';

export function configRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['configuration'];

  r.get(
    '/api/config/code-mappings',
    { config: signedIn, schema: { tags, response: { 200: codeMappingsResponse } } },
    () => listCodeMappings(db),
  );
  r.post(
    '/api/config/code-mappings',
    { config: editorsOnly, schema: { tags, body: codeMappingBody, response: { 201: codeMappingResponse } } },
    async (req, reply) => reply.status(201).send(await addCodeMapping(db, actorOf(req), req.body)),
  );
  r.put(
    '/api/config/code-mappings/:proc_code',
    {
      config: editorsOnly,
      schema: { tags, params: procCodeParams, body: codeMappingBody, response: { 200: codeMappingResponse } },
    },
    (req) => updateCodeMapping(db, actorOf(req), req.params.proc_code, req.body),
  );
  r.delete(
    '/api/config/code-mappings/:proc_code',
    { config: editorsOnly, schema: { tags, params: procCodeParams, response: { 200: messageResponse } } },
    (req) => deleteCodeMapping(db, actorOf(req), req.params.proc_code),
  );
  r.get(
    '/api/config/mapping-values',
    { config: signedIn, schema: { tags, response: { 200: mappingValuesResponse } } },
    () => listMappingValues(db),
  );
  r.post(
    '/api/initialize',
    { config: editorsOnly, schema: { tags, response: { 200: initializeResponse } } },
    (req) => initializeSystem(db, actorOf(req)),
  );
  r.get(
    '/api/scoresheet',
    { config: signedIn, schema: { tags: ['scoresheet'], response: { 200: scoresheetResponse } } },
    async (req) => {
      const scoresheet = await readScoresheet(db);
      await recordAudit(db, actorOf(req), 'scoresheet_viewed', { rows: scoresheet.length });
      return { success: true as const, scoresheet };
    },
  );
}
