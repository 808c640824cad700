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

/** Why a patient was not shown: the words, and whether no such patient was found (then a hint follows). */
export interface LookupFailure {
  text: string;
  notFound: boolean;
}

export const NO_SUCH_PATIENT: LookupFailure = { text: NOT_FOUND, notFound: true };
const FAILED: LookupFailure = { text: LOOKUP_FAILED, notFound: false };

/**
 * The server's words when it gave any, not found by its code; 'Patient not found' when it refused
 * without words; 'Failed to lookup patient' when it could not be asked.
 */
export function lookupFailure(err: unknown): LookupFailure {
  if (err instanceof NotFound) return NO_SUCH_PATIENT;
  if (!(err instanceof ApiError)) return FAILED;
  if (err.fromServer) return { text: err.message, notFound: err.code === 'patient_not_found' };
  return err.status === 404 || (err.status >= 200 && err.status < 300) ? NO_SUCH_PATIENT : FAILED;
}

/** A name chosen from the search that cannot be opened is not found, unless it could not be asked. */
export const choiceFailure = (err: unknown): LookupFailure =>
  lookupFailure(err) === FAILED ? FAILED : NO_SUCH_PATIENT;
