/** The monthly report's e-mail (docs/behaviour.md section 17): the PDF attached, the six figures as text. */
import { reportFileName } from '../../common/api/reports';
import { dataThroughWords } from '../../common/data-through';
import { periodLabel } from '../../common/period-label';
import type { ReportMail } from './mailer';

/** One of the report's six summary statistics as the PDF states it, with its comparison. */
export interface ReportFigure {
  label: string;
  value: string;
  /** `Jan 1-Nov 1, 2025: 30 (+7)`, or why a figure has none. */
  comparison: string;
}

/** A built report: the PDF, its summary statistics and the day its data runs to, for the e-mail's text. */
export interface BuiltReport {
  pdf: Buffer;
  figures: ReportFigure[];
  /** The day the data runs to (docs/behaviour.md section 6.6), as the PDF says it; null with none. */
  dataThrough: string | null;
  /** The failed or overdue sync, in the PDF's words (docs/behaviour.md section 18); null when none. */
  syncWarning: string | null;
}

/**
 * What a report is of: a provider's own (a provider account) or every provider, every location,
 * the year of `asOf`, counted as of that day.
 */
export interface ReportRequest {
  provider: string | null;
  year: number;
  location: string | null;
  asOf: string;
  /**
   * Whether the report carries the marketing return (section 19): only for managers, coordinators
   * and admins, never in a provider's report or e-mail.
   */
  marketing: boolean;
}

export type BuildReport = (request: ReportRequest) => Promise<BuiltReport>;

/**
 * Where the report's figures are on the Dashboard: its year and, for a provider's own report, that
 * provider (the Dashboard opens at this year otherwise, and January's report is of the year before).
 */
export function dashboardLink(appUrl: string, year: number, provider: string | null): string {
  const params = new URLSearchParams({ year: String(year) });
  if (provider !== null) params.set('provider', provider);
  return `${appUrl}/dashboard?${params}`;
}

/**
 * `Full Arch Tracker: report for November 2026`, the PDF attached, a link to the Dashboard, and no
 * patient anywhere.
 */
export function monthlyMail(
  to: string,
  month: string,
  asOf: string,
  report: BuiltReport,
  who: string,
  link: string,
): ReportMail {
  const name = periodLabel(month);
  const lines = [
    `The Full Arch Tracker report for ${name} (${who}), as of ${asOf.slice(5, 7)}/${asOf.slice(8, 10)}/${asOf.slice(0, 4)}, is attached.`,
    // How far the data goes, and each figure's comparison, in the PDF's and the Dashboard's words.
    `${dataThroughWords(report.dataThrough)}.`,
    ...(report.syncWarning ? [`${report.syncWarning}.`] : []),
    '',
    ...report.figures.map((f) => `${f.label}: ${f.value} (${f.comparison})`),
    '',
    `Open the Dashboard: ${link}`,
    '',
    'You get this e-mail because the monthly report is on in your account menu (E-mail reports).',
  ];
  return {
    to,
    subject: `Full Arch Tracker: report for ${name}`,
    text: lines.join('\n'),
    attachments: [{ filename: reportFileName(asOf), content: report.pdf, contentType: 'application/pdf' }],
  };
}
