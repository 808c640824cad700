import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type PatientData, patientsApi } from '../../../common/api/patients';
import { SEARCH_MIN_CHARS } from '../../../common/limits';
import { ApiError, call } from '../../lib/api';
import { endpointQuery, queryKeyOf } from '../../lib/query-keys';

export const SEARCH_FAILED = 'Failed to search patients';
export const LOOKUP_FAILED = 'Failed to lookup patient';
export const NOT_FOUND = 'Patient not found';

/** The server answers an empty list below the minimum, so there is no call to make. */
export const searchable = (term: string) => term.trim().length >= SEARCH_MIN_CHARS;

export interface Suggestions {
  /** The first matches (at most 20), sorted. */
  names: string[];
  /** How many patients match in all. */
  total: number;
}

/** Name suggestions for a (debounced) search term; the previous list stays while the next loads. */
export function usePatientSearch(term: string) {
  const q = term.trim();
  return useQuery({
    ...endpointQuery(patientsApi.search, { query: { q } }),
    select: ({ patients, total }): Suggestions => ({ names: patients, total }),
    enabled: searchable(q),
    placeholderData: keepPreviousData,
  });
}

/** A successful answer without a patient counts as not found, like the server's own 404. */
class NotFound extends Error {}

/** Everything on file for one patient, by id (common/patient-id.ts); `id` null until one is chosen. */
export function usePatientLookup(id: string | null) {
  return useQuery({
    queryKey: queryKeyOf(patientsApi.lookup, { query: { id: id ?? '' } }),
    // Its own fetch, not endpointQuery: an answer without a patient is a failure here, not data.
    queryFn: async ({ signal }): Promise<PatientData> => {
      const answer: { data?: PatientData } = await call(patientsApi.lookup, {
        query: { id: id ?? '' },
        signal,
      });
      if (!answer.data) throw new NotFound(NOT_FOUND);
      return answer.data;
    },
    enabled: id !== null,
    retry: false,
  });
}

/** The server's words when it gave any; 'Patient not found' when it refused without them. */
export function lookupErrorText(err: unknown): string {
  if (err instanceof NotFound) return NOT_FOUND;
  if (err instanceof ApiError) {
    if (err.fromServer) return err.message;
    if (err.status === 404 || (err.status >= 200 && err.status < 300)) return NOT_FOUND;
  }
  return LOOKUP_FAILED;
}
