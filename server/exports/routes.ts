import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportsApi } from '../../common/api/dashboard';
import { reportFileName } from '../../common/api/reports';
import { STAGE_NAMES, worklistApi } from '../../common/api/worklist';
import { lastNotes } from '../activities';
import { recordAudit } from '../audit/service';
import { actorOf } from '../caller/actor';
import type { DashboardDataSource } from '../dashboard';
import { dashboardAnswers, filtersAsked, worklistAsked } from '../dashboard';
import { atLocation, locationList, locationName, providerFilter, providerLabel } from '../domain/figures';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import type { BuildReport } from '../reports';
import { readScoresheet } from '../scoresheet/service';
import { worklistFor } from '../worklist';
import { buildDashboardWorkbook } from './dashboard-workbook';
import { detailExportRoutes } from './detail-lists';
import { buildScoresheetWorkbook } from './scoresheet-workbook';
import { buildWorklistWorkbook } from './worklist-workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';

function sendFile(reply: FastifyReply, type: string, fileName: string, body: Buffer) {
  return (
    reply
      .type(type)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // Patient data: no shared cache may keep a copy.
      .header('cache-control', 'no-store')
      .send(body)
  );
}
const sendXlsx = (reply: FastifyReply, fileName: string, body: Buffer) =>
  sendFile(reply, XLSX, fileName, body);

/** Any signed-in role may export (docs/screens.md section 6); every export is audited (rules section 8). */
export function exportRoutes(
  app: FastifyInstance,
  { db }: AppDeps,
  source: DashboardDataSource,
  buildReport: BuildReport,
): void {
  route(app, exportsApi.dashboard, async (req, reply) => {
    const asked = filtersAsked(req);
    const { year, provider, location } = asked;
    // The same snapshot and answers as the dashboard API, so the file matches the screen.
    const { data: whole } = await source.get(req.dataVersion);
    const answers = dashboardAnswers(whole, asked);
    const body = await buildDashboardWorkbook({
      ...answers,
      provider,
      location: locationName(location, locationList(whole.sheet, whole.appts)),
      year,
      futureValue: answers.future,
      dataThrough: answers.trends.data_through,
      generatedAt: new Date(),
    });
    await recordAudit(db, actorOf(req), 'export', {
      kind: 'dashboard',
      provider: providerLabel(providerFilter(provider)),
      location,
      year,
    });
    return sendXlsx(reply, 'dental_tracker_dashboard.xlsx', body);
  });

  // The PDF report, made by the same builder as the monthly e-mail's, as of today.
  route(app, exportsApi.report, async (req, reply) => {
    const { year, provider, location, asOf } = filtersAsked(req);
    const { pdf } = await buildReport({ provider, year, location, asOf });
    await recordAudit(db, actorOf(req), 'export', {
      kind: 'report',
      provider: providerLabel(providerFilter(provider)),
      location,
      year,
    });
    return sendFile(reply, PDF, reportFileName(asOf), pdf);
  });

  route(app, worklistApi.export, async (req, reply) => {
    const asked = await worklistAsked(req, db);
    const { stage, location, asOf } = asked;
    const provider = providerFilter(asked.provider);
    const { data: whole } = await source.get(req.dataVersion);
    const list = worklistFor(atLocation(whole, location), asked, await source.caseWork(req.activityVersion));
    const where = locationName(location, locationList(whole.sheet, whole.appts));
    const title = [
      'Follow-up Worklist',
      stage ? STAGE_NAMES[stage] : 'All Stages',
      providerLabel(provider),
      where,
      `as of ${asOf}`,
    ]
      .filter(Boolean)
      .join(' — ');
    const notes = await lastNotes(
      db,
      list.patients.map((p) => p.patient_key),
      asOf,
    );
    const body = await buildWorklistWorkbook(title, list.patients, new Date(), notes);
    await recordAudit(db, actorOf(req), 'export', {
      kind: 'worklist',
      stage,
      provider: providerLabel(provider),
      location,
      as_of: asOf,
      ...(asked.includeSnoozed && { include_snoozed: asked.includeSnoozed }),
      ...(asked.assignedTo !== null && { assigned_to: asked.assignedTo }),
      rows: list.patients.length,
    });
    return sendXlsx(reply, 'follow_up_worklist.xlsx', body);
  });

  route(app, exportsApi.scoresheet, async (req, reply) => {
    // A provider held to their own gets only their rows (docs/behaviour.md section 14).
    const body = await buildScoresheetWorkbook(await readScoresheet(db, req.heldTo));
    await recordAudit(db, actorOf(req), 'export', {
      kind: 'scoresheet',
      ...(req.heldTo !== null && { provider: providerLabel(req.heldTo) }),
    });
    return sendXlsx(reply, 'scoresheet.xlsx', body);
  });

  detailExportRoutes(app, db, source);
}
