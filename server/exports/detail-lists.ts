/**
 * The detail lists as workbooks (docs/behaviour.md section 9): each takes the same type or month,
 * provider, location and year as the list the detail modal shows, and answers that list as .xlsx.
 * Each file is audited as an export with its list, filters and row count.
 */
import {
  CONSULT_DETAIL_NAMES,
  type ConsultDetailType,
  detailExportFile,
  UNASSIGNED,
} from '../../common/api/dashboard';
import { periodLabel } from '../../common/period-label';
import { recordAudit } from '../audit/service';
import { type AnswersAsked, archPeriod, futurePeriod } from '../dashboard';
import {
  archCaseDetails,
  atLocation,
  consultDetails,
  futureCaseDetails,
  locationList,
  locationName,
  pendingFinanceDetails,
  providerFilter,
  providerLabel,
} from '../domain/figures';
import { buildDetailWorkbook, DETAIL_COLUMNS, type DetailSheet } from './detail-workbook';
import { type ExportFile, type ExportFrom, xlsxFile } from './file';

/**
 * The provider as the figures take it, the data narrowed to the location, and how the title names
 * them. The provider is the one asked as the dashboard's lists read it: a held provider's own.
 */
async function scope(from: ExportFrom, { provider: asked, location }: AnswersAsked) {
  const provider = providerFilter(asked);
  const { data: whole } = await from.source.get(from.dataVersion);
  const place = locationName(location, locationList(whole.sheet, whole.appts));
  const name = providerLabel(provider);
  const who =
    place === null ? name : place === UNASSIGNED ? `${name} with no location` : `${name} at ${place}`;
  return { provider, data: atLocation(whole, location), who };
}

async function detailFile<R>(
  from: ExportFrom,
  sheet: DetailSheet<R>,
  fileName: string,
  filters: Record<string, unknown>,
): Promise<ExportFile> {
  const body = await buildDetailWorkbook(sheet, new Date());
  await recordAudit(from.db, from.actor, 'export', { ...filters, rows: sheet.rows.length });
  return xlsxFile(fileName, body);
}

export async function exportConsultDetails(
  from: ExportFrom,
  type: ConsultDetailType,
  asked: AnswersAsked,
): Promise<ExportFile> {
  const { year, location } = asked;
  const { provider, data, who } = await scope(from, asked);
  const rows = consultDetails(data.sheet, data.appts, data.ignore, year, provider ?? undefined, type);
  const name = CONSULT_DETAIL_NAMES[type];
  return detailFile(
    from,
    { name, title: `${name}: ${who}, ${year}`, columns: DETAIL_COLUMNS.consults, rows },
    detailExportFile(type),
    { kind: 'details', list: 'consult-details', type, provider: providerLabel(provider), location, year },
  );
}

/** `month` as the path gives it: a month of the year asked, or the year itself (archPeriod). */
export async function exportArchCaseDetails(
  from: ExportFrom,
  month: string,
  asked: AnswersAsked,
): Promise<ExportFile> {
  const period = archPeriod(month, asked.year);
  const { provider, data, who } = await scope(from, asked);
  const { patients } = archCaseDetails(data.sheet, data.ignore, period, provider ?? undefined);
  return detailFile(
    from,
    {
      name: 'Arch Cases',
      title: `Arch Cases: ${who}, ${periodLabel(period)}`,
      columns: DETAIL_COLUMNS.arch_cases,
      rows: patients,
    },
    detailExportFile('arch_cases'),
    {
      kind: 'details',
      list: 'arch-case-details',
      month: period,
      provider: providerLabel(provider),
      location: asked.location,
    },
  );
}

/** `month` as the path gives it (futurePeriod). */
export async function exportFutureCaseDetails(
  from: ExportFrom,
  month: string,
  asked: AnswersAsked,
): Promise<ExportFile> {
  const period = futurePeriod(month);
  const { provider, data, who } = await scope(from, asked);
  const { treatments } = futureCaseDetails(data.appts, period, provider ?? undefined);
  return detailFile(
    from,
    {
      name: 'Future Treatments',
      title: `Future Scheduled Treatments: ${who}, ${periodLabel(period)}`,
      columns: DETAIL_COLUMNS.future_cases,
      rows: treatments,
    },
    detailExportFile('future_cases'),
    {
      kind: 'details',
      list: 'future-case-details',
      month: period,
      provider: providerLabel(provider),
      location: asked.location,
    },
  );
}

export async function exportPendingFinanceDetails(
  from: ExportFrom,
  asked: AnswersAsked,
): Promise<ExportFile> {
  const { provider, data, who } = await scope(from, asked);
  const { cases } = pendingFinanceDetails(data.sheet, provider ?? undefined);
  return detailFile(
    from,
    {
      name: 'Pending Finance',
      title: `Pending Finance Cases: ${who}`,
      columns: DETAIL_COLUMNS.pending_finance,
      rows: cases,
    },
    detailExportFile('pending_finance_cases'),
    {
      kind: 'details',
      list: 'pending-finance-details',
      provider: providerLabel(provider),
      location: asked.location,
    },
  );
}
