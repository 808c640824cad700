/**
 * The PDF report (docs/behaviour.md sections 9 and 17), built in one place for the download and
 * the monthly e-mail: the dashboard's answers over the latest data, drawn by ./pdf.
 */
import {
  type DashboardDataSource,
  dashboardAnswers,
  latestVersions,
  marketingAnswer,
  summaryAnswer,
} from '../dashboard';
import type { Db } from '../db/client';
import { atLocation, locationFilter, locationList, locationName } from '../domain/figures';
import type { BuildReport } from './monthly';
import { renderReport } from './pdf/render-report';
import { buildReportModel } from './pdf/report-model';

/**
 * Builds the report of a provider (null: every provider) at a location (null: every one) for a
 * year, as of a day: which months are still to come, how far the goals are counted and the
 * headline figures' comparison all stop at `asOf`.
 */
export function createReportBuilder(
  source: DashboardDataSource,
  db: Db,
  /** The line saying the figures are behind Open Dental (a failed or overdue sync), or null. */
  syncNote: () => Promise<string | null> = async () => null,
): BuildReport {
  return async ({ provider, year, location: asked, asOf, marketing }) => {
    const syncWarning = await syncNote();
    const whole = (await source.get((await latestVersions(db)).data)).data;
    const location = locationFilter(asked);
    const summary = summaryAnswer(atLocation(whole, location), year, provider, asOf);
    const model = buildReportModel({
      filters: { provider, location: locationName(location, locationList(whole.sheet, whole.appts)), year },
      ...dashboardAnswers(whole, { year, provider, location, asOf }),
      summary,
      marketing: marketing ? marketingAnswer(whole, year, location, asOf) : null,
      syncWarning,
      asOf,
      generatedAt: new Date(),
    });
    const doc = renderReport(model);
    return {
      pdf: Buffer.from(doc.output('arraybuffer')),
      figures: model.stats.map(({ label, value, comparison }) => ({ label, value, comparison })),
      dataThrough: summary.data_through,
      syncWarning,
    };
  };
}
