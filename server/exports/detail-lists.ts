/**
 * The detail lists as workbooks (docs/behaviour.md section 9): each takes the same type or month,
 * provider, location and year as the list the detail modal shows, and answers that list as .xlsx.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSULT_DETAIL_NAMES, detailExportFile, exportsApi, UNASSIGNED } from '../../common/api/dashboard';
import { periodLabel } from '../../common/period-label';
import { recordAudit } from '../audit/service';
import { actorOf } from '../caller/actor';
import type { DashboardDataSource } from '../dashboard';
import { archPeriod, filtersAsked, futurePeriod } from '../dashboard';
import type { Tx } from '../db/client';
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
import { route } from '../http/route';
import { buildDetailWorkbook, DETAIL_COLUMNS, type DetailSheet } from './detail-workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The filters every list follows, the data narrowed to the location, and how the title names them.
 * The provider is read as the dashboard panels read it (filtersAsked): a held provider's own,
 * whatever was sent.
 */
async function scope(req: Parameters<typeof filtersAsked>[0], source: DashboardDataSource) {
  const asked = filtersAsked(req);
  const { location, year } = asked;
  const provider = providerFilter(asked.provider);
  const { data: whole } = await source.get(req.dataVersion);
  const place = locationName(location, locationList(whole.sheet, whole.appts));
  const name = providerLabel(provider);
  const who =
    place === null ? name : place === UNASSIGNED ? `${name} with no location` : `${name} at ${place}`;
  return {
    provider,
    location,
    year,
    data: atLocation(whole, location),
    who,
  };
}

/** Any signed-in role may export; each file is audited as an export with its list, filters and row count. */
export function detailExportRoutes(app: FastifyInstance, db: Tx, source: DashboardDataSource): void {
  async function send<R>(
    req: FastifyRequest,
    reply: FastifyReply,
    sheet: DetailSheet<R>,
    fileName: string,
    filters: Record<string, unknown>,
  ) {
    const body = await buildDetailWorkbook(sheet, new Date());
    await recordAudit(db, actorOf(req), 'export', { ...filters, rows: sheet.rows.length });
    return (
      reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        // Patient data: no shared cache may keep a copy.
        .header('cache-control', 'no-store')
        .send(body)
    );
  }

  route(app, exportsApi.consultDetails, async (req, reply) => {
    const { type } = req.params;
    const { provider, location, year, data, who } = await scope(req, source);
    const rows = consultDetails(data.sheet, data.appts, data.ignore, year, provider ?? undefined, type);
    const name = CONSULT_DETAIL_NAMES[type];
    return send(
      req,
      reply,
      { name, title: `${name}: ${who}, ${year}`, columns: DETAIL_COLUMNS.consults, rows },
      detailExportFile(type),
      {
        kind: 'details',
        list: 'consult-details',
        type,
        provider: providerLabel(provider),
        location,
        year,
      },
    );
  });

  route(app, exportsApi.archCaseDetails, async (req, reply) => {
    const month = archPeriod(req.params.month, filtersAsked(req).year);
    const { provider, location, data, who } = await scope(req, source);
    const { patients } = archCaseDetails(data.sheet, data.ignore, month, provider ?? undefined);
    return send(
      req,
      reply,
      {
        name: 'Arch Cases',
        title: `Arch Cases: ${who}, ${periodLabel(month)}`,
        columns: DETAIL_COLUMNS.arch_cases,
        rows: patients,
      },
      detailExportFile('arch_cases'),
      { kind: 'details', list: 'arch-case-details', month, provider: providerLabel(provider), location },
    );
  });

  route(app, exportsApi.futureCaseDetails, async (req, reply) => {
    const month = futurePeriod(req.params.month);
    const { provider, location, data, who } = await scope(req, source);
    const { treatments } = futureCaseDetails(data.appts, month, provider ?? undefined);
    return send(
      req,
      reply,
      {
        name: 'Future Treatments',
        title: `Future Scheduled Treatments: ${who}, ${periodLabel(month)}`,
        columns: DETAIL_COLUMNS.future_cases,
        rows: treatments,
      },
      detailExportFile('future_cases'),
      {
        kind: 'details',
        list: 'future-case-details',
        month,
        provider: providerLabel(provider),
        location,
      },
    );
  });

  route(app, exportsApi.pendingFinanceDetails, async (req, reply) => {
    const { provider, location, data, who } = await scope(req, source);
    const { cases } = pendingFinanceDetails(data.sheet, provider ?? undefined);
    return send(
      req,
      reply,
      {
        name: 'Pending Finance',
        title: `Pending Finance Cases: ${who}`,
        columns: DETAIL_COLUMNS.pending_finance,
        rows: cases,
      },
      detailExportFile('pending_finance_cases'),
      { kind: 'details', list: 'pending-finance-details', provider: providerLabel(provider), location },
    );
  });
}
