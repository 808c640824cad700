// The dashboard requests the load tests send: each endpoint the web app's dashboard calls, for
// every provider, for the data set's latest year, and for the detail lists the busiest month; then
// the locations list and two panels narrowed to the first location.

import { gzipSync } from 'node:zlib';
import { DETAIL_PAGE_SIZE } from '../../common/api/dashboard';
import { callJson } from './api';
import { DATASET } from './dataset';
import type { DetailListSize } from './results';

export const YEAR = DATASET.years[DATASET.years.length - 1];
/** The Marketing return, as the Dashboard asks for it: the leads and spend by source of the year. */
export const MARKETING_PATH = `/api/dashboard/marketing?year=${YEAR}`;
const PAGE = `page=1&page_size=${DETAIL_PAGE_SIZE}`;

function busiestMonth(totals: Record<string, number> | undefined, fallback: string): string {
  const entries = Object.entries(totals ?? {}).filter(([month]) => /^\d{4}-\d{2}$/.test(month));
  if (entries.length === 0) return fallback;
  return entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

async function get<T>(base: string, token: string, path: string): Promise<T> {
  const res = await callJson(base, 'GET', path, token);
  if (res.status !== 200)
    throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body as T;
}

/** The paths to load-test, found from the summaries (which also warms every figure up once). */
export async function dashboardPaths(base: string, token: string): Promise<string[]> {
  const q = `year=${YEAR}`;
  const arch = await get<{ month_totals?: Record<string, number> }>(
    base,
    token,
    `/api/dashboard/arch-cases-by-month?${q}`,
  );
  const future = await get<{ future_treatments?: { month_totals?: Record<string, number> } }>(
    base,
    token,
    '/api/dashboard/future-case-value',
  );
  const paths = [
    '/api/dashboard/providers',
    '/api/dashboard/last-import-date',
    `/api/dashboard/consult-overview?${q}`,
    // Detail lists as the modal asks for them: the first page of 100 (their whole size is
    // reported apart, detailListSizes).
    `/api/dashboard/consult-details/consults_won?${q}&${PAGE}`,
    `/api/dashboard/arch-cases-by-month?${q}`,
    `/api/dashboard/arch-case-details/${busiestMonth(arch.month_totals, `${YEAR}-06`)}?${PAGE}`,
    '/api/dashboard/future-case-value',
    MARKETING_PATH,
    `/api/dashboard/future-case-details/${busiestMonth(future.future_treatments?.month_totals, 'TBD')}?${PAGE}`,
    `/api/dashboard/pending-finance-details?${PAGE}`,
    // As the Follow-ups tab asks: the first page, with every count.
    '/api/worklist?limit=100',
    '/api/worklist?include_scheduled=true&limit=100',
  ];
  // A location narrows every figure; it must cost no more than the other filters.
  const { locations } = await get<{ locations: string[] }>(base, token, '/api/dashboard/locations');
  if (locations.length > 0) {
    const at = `location=${encodeURIComponent(locations[0])}`;
    paths.push(
      '/api/dashboard/locations',
      `/api/dashboard/consult-overview?${q}&${at}`,
      `/api/dashboard/future-case-value?${at}`,
    );
  }
  for (const path of paths) await get(base, token, path);
  return paths;
}

/** How large each detail list among the paths is, whole, as the API answers it without paging. */
export async function detailListSizes(
  base: string,
  token: string,
  paths: string[],
): Promise<DetailListSize[]> {
  const sizes: DetailListSize[] = [];
  for (const paged of paths.filter((p) => p.includes('-details'))) {
    const path = paged.replace(/[?&]page=.*$/, '');
    const body = await get<Record<string, unknown>>(base, token, path);
    const json = JSON.stringify(body);
    // Each list names its rows differently (details, patients, treatments): the one array.
    const list = Object.values(body).find(Array.isArray) ?? [];
    sizes.push({
      path,
      rows: list.length,
      jsonBytes: Buffer.byteLength(json),
      gzipBytes: gzipSync(json).length,
    });
  }
  return sizes;
}
