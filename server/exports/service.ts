import { reportFileName } from '../../common/api/reports';
import { STAGE_NAMES } from '../../common/api/worklist';
import { lastNotes } from '../activities';
import { recordAudit } from '../audit/service';
import { type AnswersAsked, dashboardAnswers, marketingAnswer } from '../dashboard';
import {
  locationList,
  locationName,
  type ProviderFilter,
  providerFilter,
  providerLabel,
} from '../domain/figures';
import type { BuildReport } from '../reports';
import { readScoresheet } from '../scoresheet/service';
import { type WorklistAsked, worklistFor } from '../worklist';
import { buildDashboardWorkbook } from './dashboard-workbook';
import { type ExportFile, type ExportFrom, pdfFile, xlsxFile } from './file';
import { buildScoresheetWorkbook } from './scoresheet-workbook';
import { buildWorklistWorkbook } from './worklist-workbook';

/**
 * The dashboard's panels as a workbook, from the same snapshot and answers as the screen; the
 * Marketing sheet only for a reader of the marketing return (`marketing`: managers, coordinators
 * and admins, never a provider).
 */
export async function exportDashboard(
  from: ExportFrom,
  asked: AnswersAsked,
  marketing: boolean,
): Promise<ExportFile> {
  const { year, provider, location, asOf } = asked;
  const { data: whole } = await from.source.get(from.dataVersion);
  const answers = dashboardAnswers(whole, asked);
  const body = await buildDashboardWorkbook({
    ...answers,
    provider,
    location: locationName(location, locationList(whole.sheet, whole.appts)),
    year,
    futureValue: answers.future,
    marketing: marketing ? marketingAnswer(whole, year, location, asOf) : null,
    dataThrough: answers.trends.data_through,
    generatedAt: new Date(),
  });
  await recordAudit(from.db, from.actor, 'export', {
    kind: 'dashboard',
    provider: providerLabel(providerFilter(provider)),
    location,
    year,
  });
  return xlsxFile('dental_tracker_dashboard.xlsx', body);
}

/** The PDF report, made by the same builder as the monthly e-mail's, as of the day asked (today). */
export async function exportReport(
  from: ExportFrom,
  buildReport: BuildReport,
  asked: AnswersAsked,
  marketing: boolean,
): Promise<ExportFile> {
  const { year, provider, location, asOf } = asked;
  const { pdf } = await buildReport({ provider, year, location, asOf, marketing });
  await recordAudit(from.db, from.actor, 'export', {
    kind: 'report',
    provider: providerLabel(providerFilter(provider)),
    location,
    year,
  });
  return pdfFile(reportFileName(asOf), pdf);
}

/** The worklist asked for as a workbook, with each patient's last note. */
export async function exportWorklist(from: ExportFrom, asked: WorklistAsked): Promise<ExportFile> {
  const { stage, location, asOf } = asked;
  const { data: whole } = await from.source.get(from.dataVersion);
  const list = worklistFor(whole, asked, await from.source.caseWork(from.activityVersion));
  const provider = providerLabel(providerFilter(asked.provider));
  const where = locationName(location, locationList(whole.sheet, whole.appts));
  const title = [
    'Follow-up Worklist',
    stage ? STAGE_NAMES[stage] : 'All Stages',
    provider,
    where,
    `as of ${asOf}`,
  ]
    .filter(Boolean)
    .join(' — ');
  const notes = await lastNotes(
    from.db,
    list.patients.map((p) => p.patient_key),
    asOf,
  );
  const body = await buildWorklistWorkbook(title, list.patients, new Date(), notes);
  await recordAudit(from.db, from.actor, 'export', {
    kind: 'worklist',
    stage,
    provider,
    location,
    as_of: asOf,
    ...(asked.includeSnoozed && { include_snoozed: asked.includeSnoozed }),
    ...(asked.assignedTo !== null && { assigned_to: asked.assignedTo }),
    rows: list.patients.length,
  });
  return xlsxFile('follow_up_worklist.xlsx', body);
}

/** The scoresheet as a workbook: a provider held to their own gets only their rows (docs/behaviour.md section 14). */
export async function exportScoresheet(from: ExportFrom, heldTo: ProviderFilter): Promise<ExportFile> {
  const body = await buildScoresheetWorkbook(await readScoresheet(from.db, heldTo));
  await recordAudit(from.db, from.actor, 'export', {
    kind: 'scoresheet',
    ...(heldTo !== null && { provider: providerLabel(heldTo) }),
  });
  return xlsxFile('scoresheet.xlsx', body);
}
