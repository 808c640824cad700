import {
  ALL_LOCATIONS,
  type ArchCasesResponse,
  type ConsultOverview,
  type FutureCaseValueResponse,
  type MonthGridRow,
  type PipelineResponse,
  type SummaryResponse,
  type TrendsResponse,
} from '../../../common/api/dashboard';
import type { GoalProgressResponse } from '../../../common/api/goals';
import type { MarketingResponse } from '../../../common/api/marketing';
import { reportFileName } from '../../../common/api/reports';
import { usDate } from '../../../common/audit-words';
import { localDay } from '../../../common/calendar-day';
import { dataThroughWords } from '../../../common/data-through';
import { monthLabel } from '../../../common/months';
import { outsideSentences } from '../../../common/variance-words';
import { providerFilter, providerLabel } from '../../domain/figures';
import { formatGeneratedAt, formatThousands, formatWinRate, ROUNDING_NOTE, wrapText } from './format';
import { goalsSection } from './goals-section';
import { marketingSection } from './marketing-section';
import type { ProviderChart } from './provider-chart';
import { type ReportStat, reportStats } from './stats';
import type { TrendChart } from './trend-chart';
import { pipelineSection, trendsSection } from './trend-sections';

/** What the report shows, as text: the document is drawn from this and nothing else. */
export interface ReportModel {
  title: string;
  filterLine: string;
  generatedLine: string;
  /** The failed or overdue sync (docs/behaviour.md section 18), under the header; null when none. */
  syncLine: string | null;
  footerLine: string;
  stats: readonly ReportStat[];
  sections: readonly ReportSection[];
  confidentialNote: string;
  fileName: string;
}

export type Rgb = [number, number, number];

export interface ReportSection {
  title: string;
  note?: string;
  head: string[];
  /** A header row above `head` naming groups of its columns (`Consults` over Goal, Actual, %). */
  headGroups?: { label: string; span: number }[];
  /** The first column names the row; a provider's name is wrapped after 15 characters (lines end in '\n'). */
  body: string[][];
  foot: string[][];
  /** Nothing is set beside it: it has its row to itself, however narrow. */
  ownRow?: boolean;
  /** A cell's text colour, by row and column, where it is not the usual ink. */
  tones?: { body: (Rgb | null)[][]; foot: (Rgb | null)[][] };
  /** Shown in place of the table when it has no row. */
  empty: string;
  /** A chart by month drawn above the table, its months over the table's month columns. */
  chart?: TrendChart;
  /** A chart by provider; a section with one and no `head` is the chart alone. */
  providerChart?: ProviderChart;
}

/** What the report is of: a provider (null for every one), a location's name (null for every one), a year. */
export interface ReportScope {
  provider: string | null;
  location: string | null;
  year: number;
}

/** The dashboard's answers for the scope, as its API sends them (server/dashboard/answers.ts). */
export interface ReportInput {
  filters: ReportScope;
  overview: ConsultOverview;
  archCases: ArchCasesResponse;
  future: FutureCaseValueResponse;
  pipeline: PipelineResponse;
  trends: TrendsResponse;
  /** The headline figures, each by-year one beside the same days of the year before. */
  summary: SummaryResponse;
  /** Each provider's goals to date; null with a location chosen, as goals cover every location. */
  goals: GoalProgressResponse | null;
  /**
   * The return by source (section 19): for managers, coordinators and admins only; null or absent
   * for anyone else, whose report has no such section.
   */
  marketing?: MarketingResponse | null;
  /** The day the figures are as of (`YYYY-MM-DD`): today for a download, a month's last day by e-mail. */
  asOf: string;
  /** The failed or overdue sync in words, or null (absent: none). */
  syncWarning?: string | null;
  generatedAt: Date;
}

const PROVIDER_WIDTH = 15;
const name = (text: string) => wrapText(text, PROVIDER_WIDTH).join('\n');
const cell = (text: string | number) => String(text);
export const BRAND_COLOR: [number, number, number] = [15, 122, 123];

/** Tables of dollar amounts say how they are rounded, after any note of their own. */
const withRounding = (note?: string) => (note ? `${note} ${ROUNDING_NOTE}` : ROUNDING_NOTE);

function monthGridSection(
  title: string,
  grid: {
    months: string[];
    providers: MonthGridRow[];
    month_totals: Record<string, number>;
    grand_total: number;
  },
  withYear: boolean,
  empty: string,
  note?: string,
  chart?: TrendChart,
): ReportSection {
  const value = (row: MonthGridRow, month: string) =>
    typeof row[month] === 'number' ? (row[month] as number) : 0;
  return {
    title,
    note: withRounding(note),
    chart,
    head: ['Provider Name', ...grid.months.map((m) => monthLabel(m, withYear)), 'Total'],
    body: grid.providers.map((row) => [
      name(row.provider),
      ...grid.months.map((m) => cell(formatThousands(value(row, m)))),
      cell(formatThousands(row.total)),
    ]),
    foot: [
      [
        name('Grand Total'),
        ...grid.months.map((m) => cell(formatThousands(grid.month_totals[m] ?? 0))),
        cell(formatThousands(grid.grand_total)),
      ],
    ],
    empty,
  };
}

/** The Dashboard's Arch Case Value by Month chart: the grid's month totals, when there are any. */
function archValueChart(grid: ArchCasesResponse): TrendChart | undefined {
  const values = grid.months.map((m) => grid.month_totals[m] ?? 0);
  if (!values.some((v) => v !== 0)) return undefined;
  return {
    labels: grid.months.map((m) => monthLabel(m)),
    bars: [{ label: 'Arch Case Value', color: BRAND_COLOR, values }],
    money: true,
  };
}

/** The report's text from the dashboard answers (docs/screens.md section 9, docs/behaviour.md section 9). */
export function buildReportModel({
  filters,
  overview,
  archCases,
  future,
  pipeline,
  trends,
  summary,
  goals,
  marketing = null,
  asOf,
  syncWarning = null,
  generatedAt,
}: ReportInput): ReportModel {
  const provider = providerLabel(providerFilter(filters.provider));
  const narrowedTo = filters.location;
  // Every page names the office when the figures are one office's, as pages get passed around alone.
  const footerScope = narrowedTo ? `${provider} - ${narrowedTo}` : provider;
  const totals = overview.totals;
  const range = overview.acceptable_range;
  const counts = (c: ConsultOverview['totals']) => [
    cell(c.consults_lost),
    cell(c.consults_won),
    cell(c.pending_finance),
    cell(c.consults_ytd),
    cell(c.future_consults),
    cell(c.future_ytd_total),
    cell(formatWinRate(c.win_rate)),
  ];
  const goalsPart = goalsSection(goals, { year: filters.year, narrowed: narrowedTo !== null }, name);
  // Who is outside, by side and in the Dashboard's words: above the range is good news.
  const variance = [
    `Variance analysis: ${range.variance_status} (range ${range.lower.toFixed(1)} to ${range.upper.toFixed(1)} Future + YTD consults per provider).`,
    ...outsideSentences(overview),
  ].join(' ');

  return {
    title: 'Full Arch Tracker Report',
    filterLine: `Provider: ${provider}   |   Location: ${narrowedTo ?? ALL_LOCATIONS}   |   Year: ${filters.year}`,
    // How far the data goes comes first (section 6.6); a report of an earlier day (the monthly
    // e-mail's, of the month's last day) says so.
    generatedLine: `${dataThroughWords(summary.data_through)}   |   Generated: ${formatGeneratedAt(generatedAt)}${asOf === localDay(generatedAt) ? '' : `   |   Figures as of ${usDate(asOf)}`}`,
    syncLine: syncWarning,
    footerLine: `Full Arch Tracker - ${footerScope} - ${filters.year} - Confidential`,
    // The Dashboard's headline figures, with the same comparison under each.
    stats: reportStats(summary),
    sections: [
      // As on the Dashboard, the goals come right after the headline figures.
      ...(goalsPart ? [goalsPart] : []),
      {
        title: 'Consult Overview',
        note: overview.providers.length > 0 ? variance : undefined,
        head: [
          'Provider Name',
          'Consults Lost',
          'Consults Won',
          'Pending Finance',
          'Consults YTD',
          'Future Consults',
          'Future + YTD',
          'Win Rate %',
        ],
        body: overview.providers.map((row) => [name(row.provider), ...counts(row)]),
        foot: [[name('Consults YTD Total'), ...counts(totals)]],
        empty: `No consults in ${filters.year} for this selection.`,
      },
      pipelineSection(pipeline, filters.year),
      // The Dashboard's chart beside the Consult Overview. It compares providers: with one, it
      // would only repeat the Win Rate above, and it is left out.
      ...(overview.providers.length > 1
        ? [
            {
              title: 'Win Rate % by Provider',
              head: [],
              body: [],
              foot: [],
              empty: '',
              providerChart: {
                rows: overview.providers.map((row) => ({
                  lines: wrapText(row.provider, PROVIDER_WIDTH),
                  value: row.win_rate,
                })),
                color: BRAND_COLOR,
              },
            },
          ]
        : []),
      trendsSection(trends, filters.year),
      monthGridSection(
        'Arch Cases by Month',
        archCases,
        false,
        `No arch cases in ${filters.year} for this selection.`,
        undefined,
        archValueChart(archCases),
      ),
      monthGridSection(
        'Future Scheduled Treatments',
        future.future_treatments,
        true,
        'No future scheduled treatments with a case value.',
        'Every scheduled appointment with a case value, whatever the year.',
      ),
      {
        title: 'Pending Finance Cases',
        head: ['Provider Name', 'Case Value'],
        body: future.pending_finance.providers.map((row) => [
          name(row.provider),
          cell(formatThousands(row.case_value)),
        ]),
        foot: [[name('Grand Total'), cell(formatThousands(future.pending_finance.grand_total))]],
        note: ROUNDING_NOTE,
        empty: 'No pending finance cases.',
      },
      // Last, the money side of the year, for those who see it; it takes no provider.
      ...(marketing ? [marketingSection(marketing, name, ROUNDING_NOTE)] : []),
    ],
    confidentialNote:
      'Confidential: this report contains patient-related business data of the practice. Do not distribute it outside the practice.',
    fileName: reportFileName(asOf),
  };
}
