/**
 * The one way a query's key is made: from the endpoint it calls (its method and path, common/api)
 * and what the call asks. Two screens asking the same thing share one answer, and a write marks
 * every answer of an endpoint stale through the key's first part, whatever each call asked.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type Endpoint, sentQuery } from '../../common/api/endpoint';
import { type CallArgs, call } from './api';

/** The first part of every key of an endpoint's calls: `['GET /api/dashboard/summary']`. */
export const endpointKey = (e: Endpoint): readonly [string] => [`${e.method} ${e.path}`];

/** What picks a call's answer: its params, and its query. */
interface Asked {
  params?: object;
  query?: object;
}

/** A call's key: its endpoint, then its params and its query as sent (`{ year: undefined }` is `{}`). */
export function queryKeyOf(e: Endpoint, asked: Asked = {}) {
  return [...endpointKey(e), { params: asked.params ?? {}, query: sentQuery(asked.query) }] as const;
}

/**
 * The query of one call. Its data is the endpoint's answer as it came: a screen that needs part
 * of it takes it with `select`, so every query under one key holds the same thing.
 */
export function endpointQuery<E extends Endpoint>(e: E, ...[input]: CallArgs<E>) {
  return queryOptions({
    queryKey: queryKeyOf(e, input as Asked | undefined),
    queryFn: ({ signal }) => call(e, ...([{ ...input, signal }] as CallArgs<E>)),
  });
}

/** Marks every answer of the endpoints stale, whatever each call asked; those on screen are read again. */
export async function invalidateEndpoints(
  client: QueryClient,
  endpoints: readonly Endpoint[],
): Promise<void> {
  await Promise.all(endpoints.map((e) => client.invalidateQueries({ queryKey: endpointKey(e) })));
}
