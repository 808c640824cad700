import { z } from 'zod';
import { type Endpoint, endpoint, signedIn } from './endpoint';
import { lastImportResponse } from './imports';
import { ok } from './shared';

/** The location that means every location, as the Location select shows it (docs/behaviour.md section 11). */
export const ALL_LOCATIONS = 'All Locations';
/** The Provider select's first option, and how a list or title names every provider. */
export const ALL_PROVIDERS = 'All Providers';
/** The location of rows that have none. */
export const UNASSIGNED = 'Unassigned';

/**
 * provider: absent, empty, 'all' or 'All Providers' is every provider; year defaults to this year;
 * location: absent, empty, 'all' or 'All Locations' is every location, 'Unassigned' the rows with none.
 */
export const dashboardQuery = z.object({
  provider: z.string().max(200).optional(),
  location: z.string().max(200).optional(),
  // An empty year= is no year: the current one, as when it is absent.
  year: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'year must be a four-digit year' })
      .int('year must be a four-digit year')
      .min(2000, 'year must be between 2000 and 2099')
      .max(2099, 'year must be between 2000 and 2099')
      .optional(),
  ),
  // Cache-busting timestamp some clients send; ignored.
  t: z.string().optional(),
  _: z.string().optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

/** The rows of a detail list's page the web app asks for (docs/behaviour.md section 6.5). */
export const DETAIL_PAGE_SIZE = 100;
/** The most rows one page of a detail list may hold. */
export const MAX_DETAIL_PAGE_SIZE = 500;

const PAGE_WORDS = 'page must be a whole number from 1';
const PAGE_SIZE_WORDS = `page_size must be a whole number from 1 to ${MAX_DETAIL_PAGE_SIZE}`;
// An empty page= or page_size= is not given, as when it is absent.
const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A detail list's filters, and optionally one page of its rows: `page` (from 1) and `page_size`
 * (1 to MAX_DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZE when only `page` is given). Without either the
 * answer is the whole list, as the spec's contract has it; a page past the last is empty.
 */
export const detailQuery = dashboardQuery.extend({
  page: z.preprocess(
    blankIsAbsent,
    z.coerce.number<string | number>({ error: PAGE_WORDS }).int(PAGE_WORDS).min(1, PAGE_WORDS).optional(),
  ),
  page_size: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number<string | number>({ error: PAGE_SIZE_WORDS })
      .int(PAGE_SIZE_WORDS)
      .min(1, PAGE_SIZE_WORDS)
      .max(MAX_DETAIL_PAGE_SIZE, PAGE_SIZE_WORDS)
      .optional(),
  ),
});
export type DetailQuery = z.input<typeof detailQuery>;

/**
 * Which page of its list an answer holds: sent only when a page was asked for. `total_rows` and
 * `pages` count the whole list, and the answer's `total_value` is the whole list's too.
 */
export const detailPaging = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total_rows: z.number().int(),
});
export type DetailPaging = z.infer<typeof detailPaging>;
const paged = { paging: detailPaging.optional() };

const counts = {
  consults_lost: z.number().int(),
  consults_won: z.number().int(),
  pending_finance: z.number().int(),
  consults_ytd: z.number().int(),
  future_consults: z.number().int(),
  future_ytd_total: z.number().int(),
  win_rate: z.number(),
};

export const consultOverviewResponse = ok.extend({
  year: z.number().int(),
  providers: z.array(z.object({ provider: z.string(), ...counts })),
  totals: z.object(counts),
  acceptable_range: z.object({
    mean: z.number(),
    lower: z.number(),
    upper: z.number(),
    variance_status: z.enum(['Acceptable Variance', 'Variance Too Large']),
    outside: z.array(z.string()),
  }),
});
export type ConsultOverview = z.infer<typeof consultOverviewResponse>;

export const CONSULT_DETAIL_TYPES = [
  'consults_won',
  'consults_lost',
  'pending_finance',
  'future_consults',
] as const;
export type ConsultDetailType = (typeof CONSULT_DETAIL_TYPES)[number];
export const consultDetailParams = z.object({
  type: z.enum(CONSULT_DETAIL_TYPES, {
    error: 'type must be consults_won, consults_lost, pending_finance or future_consults',
  }),
});
export const consultDetailsResponse = ok.extend({
  ...paged,
  details: z.array(
    z.object({
      patient_name: z.string(),
      provider: z.string(),
      status: z.string(),
      date: z.string().nullable(),
    }),
  ),
});
export type ConsultDetailsResponse = z.infer<typeof consultDetailsResponse>;

const gridRow = z
  .object({ provider: z.string(), total: z.number() })
  .catchall(z.union([z.number(), z.string()]));
const monthGrid = {
  months: z.array(z.string()),
  providers: z.array(gridRow),
  month_totals: z.record(z.string(), z.number()),
  grand_total: z.number(),
};
/** A provider-by-month money grid (docs/behaviour.md 6.2, 6.3). Month keys are `YYYY-MM` or `TBD`. */
export type MonthGridRow = z.infer<typeof gridRow>;
export type MonthGrid = z.infer<z.ZodObject<typeof monthGrid>>;

export const archCasesResponse = ok.extend({ year: z.number().int(), ...monthGrid });
export type ArchCasesResponse = z.infer<typeof archCasesResponse>;

export const monthParams = z.object({ month: z.string().min(1).max(7) });

/**
 * The future case details' `month` that means every date, TBD included: a Total cell's list. An
 * arch-case details' `month` of four digits (`2026`) is likewise that whole year.
 */
export const ALL_DATES = 'all';

/** What every valued detail row names: the patient, the provider and the case value. */
const valuedRow = { patient_name: z.string(), provider: z.string(), case_value: z.number() };

export const archCaseDetailsResponse = ok.extend({
  ...paged,
  total_value: z.number(),
  patients: z.array(z.object({ ...valuedRow, date: z.string().nullable(), status: z.string() })),
});
export type ArchCaseDetailsResponse = z.infer<typeof archCaseDetailsResponse>;

export const futureCaseValueResponse = ok.extend({
  future_treatments: z.object({ ...monthGrid, dates: z.array(z.string()) }),
  pending_finance: z.object({
    providers: z.array(z.object({ provider: z.string(), case_value: z.number() })),
    grand_total: z.number(),
  }),
});
export type FutureCaseValueResponse = z.infer<typeof futureCaseValueResponse>;

export const futureCaseDetailsResponse = ok.extend({
  ...paged,
  total_value: z.number(),
  treatments: z.array(
    z.object({
      patient_name: z.string(),
      provider: z.string(),
      procedure: z.string(),
      case_value: z.number(),
      appt_date: z.string().nullable(),
    }),
  ),
});
export type FutureCaseDetailsResponse = z.infer<typeof futureCaseDetailsResponse>;

export const pendingFinanceDetailsResponse = ok.extend({
  ...paged,
  total_value: z.number(),
  cases: z.array(z.object({ ...valuedRow, date: z.string().nullable(), procedure_status: z.string() })),
});
export type PendingFinanceDetailsResponse = z.infer<typeof pendingFinanceDetailsResponse>;

export const PIPELINE_STEPS = ['consulted', 'presented', 'accepted', 'surgery', 'final'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** The year's consults followed down the journey (docs/behaviour.md section 13). */
export const pipelineResponse = ok.extend({
  year: z.number().int(),
  steps: z.array(z.object({ step: z.enum(PIPELINE_STEPS), count: z.number().int(), rate: z.number() })),
  /** Median days between steps, 1 decimal; null when no consult has both dates. */
  median_days: z.object({
    consult_to_accept: z.number().nullable(),
    accept_to_surgery: z.number().nullable(),
    surgery_to_final: z.number().nullable(),
  }),
});
export type PipelineResponse = z.infer<typeof pipelineResponse>;

/** Twelve months of the year, each list in month order. */
export const trendsResponse = ok.extend({
  year: z.number().int(),
  months: z.array(z.string()),
  consults: z.array(z.number().int()),
  won: z.array(z.number().int()),
  /** 0.0 for a month with no consult, as the spec has it; the charts leave such a month out. */
  win_rate: z.array(z.number()),
  arch_value: z.array(z.number()),
  /** The keys of `months` that begin after today (server date): months that have not happened yet. */
  months_to_come: z.array(z.string()),
  /**
   * The day the data runs to (docs/behaviour.md section 6.6): the latest procedure date, today at
   * the latest; null with no procedure. Its month, unless the day is its last, is incomplete.
   */
  data_through: z.string().nullable(),
  /**
   * The consults goal of each month (section 16): with every provider the sum of the consults
   * goals that exist; null when there is none, or a location is chosen (goals cover every location).
   */
  consults_goal: z.array(z.number()).nullable(),
});
export type TrendsResponse = z.infer<typeof trendsResponse>;

/** A figure of the chosen year beside the same figure of the year before. */
const byYear = z.object({ value: z.number(), previous: z.number() });

/** A span of days, both ends included (`YYYY-MM-DD`). */
export const period = z.object({ from: z.string(), to: z.string() });
export type Period = z.infer<typeof period>;

/**
 * The six headline figures (docs/behaviour.md section 6.4), as the PDF report states them. The two
 * future values are not by year (6.3), so they have no previous year's figure.
 */
export const summaryResponse = ok.extend({
  year: z.number().int(),
  previous_year: z.number().int(),
  /**
   * The days of `previous_year` the `previous` figures count: for the year of `data_through`,
   * January 1 through that day's month and day (so both sides cover the same part of the year,
   * however long ago the data stops); else the whole year.
   */
  previous_period: period,
  /** The day the data runs to (section 6.6), as the trends send it; null with no procedure. */
  data_through: z.string().nullable(),
  consults_ytd: byYear,
  consults_won: byYear,
  win_rate: byYear,
  arch_case_value: byYear,
  future_scheduled_value: z.number(),
  pending_finance_value: z.number(),
});
export type SummaryResponse = z.infer<typeof summaryResponse>;

export const locationsResponse = ok.extend({ locations: z.array(z.string()) });
export type LocationsResponse = z.infer<typeof locationsResponse>;

export const providersResponse = ok.extend({
  providers: z.array(z.string()),
  years: z.array(z.number().int()),
});
export type ProvidersResponse = z.infer<typeof providersResponse>;

/** A dashboard panel or detail list: any signed-in user, filtered by `dashboardQuery`. */
const panel = <P extends `/api/dashboard/${string}`, R extends z.ZodType>(path: P, response: R) =>
  endpoint({ method: 'GET', path, access: signedIn, tag: 'dashboard', query: dashboardQuery, response });
/** A detail list: a panel whose query may also ask for one page of its rows. */
const detailList = <P extends `/api/dashboard/${string}`, R extends z.ZodType>(path: P, response: R) =>
  endpoint({ method: 'GET', path, access: signedIn, tag: 'dashboard', query: detailQuery, response });

export const dashboardApi = {
  providers: endpoint({
    method: 'GET',
    path: '/api/dashboard/providers',
    access: signedIn,
    tag: 'dashboard',
    query: dashboardQuery,
    response: providersResponse,
  }),
  locations: endpoint({
    method: 'GET',
    path: '/api/dashboard/locations',
    access: signedIn,
    tag: 'dashboard',
    response: locationsResponse,
  }),
  lastImportDate: endpoint({
    method: 'GET',
    path: '/api/dashboard/last-import-date',
    access: signedIn,
    tag: 'dashboard',
    response: lastImportResponse,
  }),
  consultOverview: panel('/api/dashboard/consult-overview', consultOverviewResponse),
  consultDetails: {
    ...detailList('/api/dashboard/consult-details/:type', consultDetailsResponse),
    params: consultDetailParams,
  },
  archCases: panel('/api/dashboard/arch-cases-by-month', archCasesResponse),
  archCaseDetails: {
    ...detailList('/api/dashboard/arch-case-details/:month', archCaseDetailsResponse),
    params: monthParams,
  },
  futureCaseValue: panel('/api/dashboard/future-case-value', futureCaseValueResponse),
  futureCaseDetails: {
    ...detailList('/api/dashboard/future-case-details/:month', futureCaseDetailsResponse),
    params: monthParams,
  },
  pendingFinanceDetails: detailList('/api/dashboard/pending-finance-details', pendingFinanceDetailsResponse),
  summary: panel('/api/dashboard/summary', summaryResponse),
  pipeline: panel('/api/dashboard/pipeline', pipelineResponse),
  trends: panel('/api/dashboard/trends', trendsResponse),
} satisfies Record<string, Endpoint>;

/** The names of the consult lists, as the detail modal and its workbook title them. */
export const CONSULT_DETAIL_NAMES: Record<ConsultDetailType, string> = {
  consults_lost: 'Consults Lost',
  consults_won: 'Consults Won',
  pending_finance: 'Pending Finance',
  future_consults: 'Future Consults',
};

/** A detail list as a workbook: the same params and query as the list itself (docs/behaviour.md section 9). */
const detailExport = <P extends `/api/export/details/${string}`>(path: P) =>
  endpoint({ method: 'GET', path, access: signedIn, tag: 'export', query: dashboardQuery, response: 'file' });

/** The file a detail list's export is saved as, on both sides: a consult list by its type. */
export const detailExportFile = (
  list: ConsultDetailType | 'arch_cases' | 'future_cases' | 'pending_finance_cases',
): string => {
  switch (list) {
    case 'arch_cases':
      return 'arch_case_details.xlsx';
    case 'future_cases':
      return 'future_case_details.xlsx';
    case 'pending_finance_cases':
      return 'pending_finance_cases.xlsx';
    default:
      return `${list}_details.xlsx`;
  }
};

/** Workbooks and the PDF report: any signed-in role may export (docs/screens.md section 6). */
export const exportsApi = {
  consultDetails: { ...detailExport('/api/export/details/consults/:type'), params: consultDetailParams },
  archCaseDetails: { ...detailExport('/api/export/details/arch-cases/:month'), params: monthParams },
  futureCaseDetails: { ...detailExport('/api/export/details/future-cases/:month'), params: monthParams },
  pendingFinanceDetails: detailExport('/api/export/details/pending-finance'),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/export/dashboard',
    access: signedIn,
    tag: 'export',
    query: dashboardQuery,
    response: 'file',
  }),
  scoresheet: endpoint({
    method: 'GET',
    path: '/api/export/scoresheet',
    access: signedIn,
    tag: 'export',
    response: 'file',
  }),
  /** The PDF report (docs/behaviour.md section 17), `full-arch-report-YYYY-MM-DD.pdf`. */
  report: endpoint({
    method: 'GET',
    path: '/api/export/report',
    access: signedIn,
    tag: 'export',
    query: dashboardQuery,
    response: 'file',
  }),
};
