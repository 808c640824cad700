import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { importsApi } from '../../common/api/imports';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { loadSampleData } from './files';

/** Load sample data (Data Import): the files of samples/ imported as a manager would, with case work and goals. */
export function sampleRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, importsApi.sampleData, (req) =>
    loadSampleData(db, actorOf(req), fileURLToPath(new URL('../../samples', import.meta.url))),
  );
}
