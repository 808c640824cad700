import type { FastifyRequest } from 'fastify';
import { providerAsked } from '../caller/provider-rule';
import { locationFilter } from '../domain/figures';
import { currentYear, today } from '../platform/clock';
import type { AnswersAsked } from './answers';

/** The query parameters the filters come from; each endpoint's query has some of them. */
type FilterQuery = { year?: number; provider?: string; location?: string; as_of?: string };

/**
 * The one place a request's filters are read from its query, for the panels, the lists, the
 * worklist and every file made of them: the year (this one when absent); the provider, a held
 * provider's own whatever the query says (docs/behaviour.md section 14), as asked otherwise (null
 * for none), so the filters and the cache keys made of them never give a held provider anyone
 * else's answer; the location as its key (section 11); and the day the figures are as of (today
 * when absent, or `dayOf(year)` for a panel that counts a past year to its end).
 */
export function filtersAsked(
  req: FastifyRequest & { query: FilterQuery },
  dayOf: (year: number) => string = () => today(),
): AnswersAsked {
  const year = req.query.year ?? currentYear();
  return {
    year,
    provider: providerAsked(req, req.query.provider) ?? null,
    location: locationFilter(req.query.location),
    asOf: req.query.as_of ?? dayOf(year),
  };
}
