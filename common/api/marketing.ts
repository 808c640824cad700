/**
 * Marketing spend per source and the return by source (docs/behaviour.md section 19): the spend as
 * configured, and the Dashboard's panel of what each source brought and what it cost.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { CASE_TEAM } from '../roles';
import { editorsOnly, endpoint } from './endpoint';
import { goalYear, MONTH_NAMES, queryYear, toCent } from './goals';
import { ok } from './shared';

/** The row of the figures for consults and cases that no lead came before. */
export const NO_LEAD = 'No lead';
/** What the panel, the PDF and the workbook say instead of costs at one location. */
export const SPEND_WHOLE_GROUP = 'Spend is entered for the whole group';
export const SPEND_SOURCE_MAX = 80;
/** The largest monthly amount: far above any practice, and exact in cents. */
export const SPEND_AMOUNT_MAX = 999_999_999;
/** The most sources one year may hold. */
export const SPEND_SOURCES_MAX = 500;

/** A source as spend keeps it: trimmed, runs of whitespace as one space. */
export const spendSource = (raw: string): string => raw.trim().replace(/\s+/g, ' ');

export const sourceSpend = z.object({
  source: z.string(),
  /** The twelve monthly amounts of the year, January first, to the cent. */
  months: z.array(z.number()).length(12),
});
export type SourceSpend = z.infer<typeof sourceSpend>;

/**
 * A PUT's spend is checked one field at a time, so every problem is an issue at its own path
 * (`spend.2.months.3`): the server answers the first, the card marks each at its cell.
 */
export const spendBody = z
  .object(
    { year: goalYear, spend: z.array(z.unknown(), { error: 'spend must be a list' }) },
    { error: 'The request body must be {year, spend}' },
  )
  .transform((body, ctx) => {
    const spend: SourceSpend[] = [];
    const seen = new Set<string>();
    if (body.spend.length > SPEND_SOURCES_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['spend'],
        message: `A year may have at most ${SPEND_SOURCES_MAX} sources`,
      });
      return z.NEVER;
    }
    body.spend.forEach((raw, i) => {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const source = typeof item.source === 'string' ? spendSource(item.source) : '';
      const label = `Source ${i + 1}${source ? ` (${source})` : ''}`;
      const problem = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path: ['spend', i, ...path], message: `${label}: ${message}` });
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        problem([], 'must be {source, months}');
        return;
      }
      if (!source) problem(['source'], 'source is required');
      else if (source.length > SPEND_SOURCE_MAX)
        problem(['source'], `source must be at most ${SPEND_SOURCE_MAX} characters`);
      else if (source.toLowerCase() === NO_LEAD.toLowerCase())
        problem(['source'], `${NO_LEAD} is not a source`);
      const months = item.months;
      if (!Array.isArray(months) || months.length !== 12) {
        problem(['months'], 'months must be a list of 12 amounts, January first');
        return;
      }
      months.forEach((value, m) => {
        const wrong =
          typeof value !== 'number' || !Number.isFinite(value)
            ? 'must be a number'
            : value < 0
              ? 'must be 0 or more'
              : value > SPEND_AMOUNT_MAX
                ? `must be at most ${SPEND_AMOUNT_MAX.toLocaleString('en-US')}`
                : null;
        if (wrong) problem(['months', m], `${MONTH_NAMES[m]} ${wrong}`);
      });
      if (!source) return;
      const key = source.toLowerCase();
      if (seen.has(key)) {
        problem(['source'], `${source} is listed twice; a source has one row of spend`);
        return;
      }
      seen.add(key);
      spend.push({ source, months: (months as number[]).map(toCent) });
    });
    return { year: body.year, spend };
  });
export type SpendBody = z.input<typeof spendBody>;

export const spendQuery = z.object({ year: queryYear, t: z.string().optional(), _: z.string().optional() });

export const spendResponse = ok.extend({
  year: z.number().int(),
  /** Sorted by source case-insensitively, each spelled as last saved. */
  spend: z.array(sourceSpend),
});
export type SpendResponse = z.infer<typeof spendResponse>;

export const marketingQuery = z.object({
  year: queryYear,
  location: z.string().max(200).optional(),
  // An empty as_of is today, as when it is absent.
  as_of: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().refine(isCalendarDate, 'as_of must be a date written YYYY-MM-DD').optional(),
  ),
  t: z.string().optional(),
  _: z.string().optional(),
});

export const marketingFigures = z.object({
  /** Null for `No lead`, and for every row when a location is chosen. */
  spend: z.number().nullable(),
  leads: z.number().int(),
  consults: z.number().int(),
  won: z.number().int(),
  arches: z.number().int(),
  arch_value: z.number(),
  cost_per_lead: z.number().nullable(),
  cost_per_consult: z.number().nullable(),
  cost_per_arch: z.number().nullable(),
  value_per_dollar: z.number().nullable(),
  median_days_to_consult: z.number().nullable(),
});
export type MarketingFigures = z.infer<typeof marketingFigures>;

export const marketingResponse = ok.extend({
  year: z.number().int(),
  /** The last month key (`YYYY-MM`) counted; null for a year after as_of's (nothing counted yet). */
  through: z.string().nullable(),
  /** False with a location chosen: spend is entered for the whole group. */
  spend_included: z.boolean(),
  /** Sorted by source case-insensitively, then `No lead`. */
  sources: z.array(marketingFigures.extend({ source: z.string() })),
  totals: marketingFigures,
});
export type MarketingResponse = z.infer<typeof marketingResponse>;
export type MarketingRow = MarketingResponse['sources'][number];

const readers = {
  roles: CASE_TEAM,
  forbidden: 'Only managers, coordinators and admins can see marketing spend and return',
} as const;

export const marketingApi = {
  spend: endpoint({
    method: 'GET',
    path: '/api/config/marketing-spend',
    access: readers,
    tag: 'configuration',
    query: spendQuery,
    response: spendResponse,
  }),
  /** Replaces every amount of the year; an empty list removes them. */
  setSpend: endpoint({
    method: 'PUT',
    path: '/api/config/marketing-spend',
    access: editorsOnly,
    tag: 'configuration',
    body: spendBody,
    response: spendResponse,
  }),
  returnBySource: endpoint({
    method: 'GET',
    path: '/api/dashboard/marketing',
    access: readers,
    tag: 'dashboard',
    query: marketingQuery,
    response: marketingResponse,
  }),
};
