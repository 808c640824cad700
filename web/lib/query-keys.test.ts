import { QueryClient } from '@tanstack/react-query';
import { dashboardApi } from '../../common/api/dashboard';
import { goalsApi } from '../../common/api/goals';
import { endpointKey, invalidateEndpoints, queryKeyOf } from './query-keys';

describe('query keys', () => {
  it('are the endpoint, then its params and its query as sent', () => {
    expect(
      queryKeyOf(dashboardApi.consultDetails, { params: { type: 'won' }, query: { year: 2026 } }),
    ).toEqual([
      'GET /api/dashboard/consult-details/:type',
      { params: { type: 'won' }, query: { year: 2026 } },
    ]);
    // What the address leaves out, the key leaves out: the same call has the same key.
    expect(queryKeyOf(dashboardApi.providers, { query: { location: undefined, provider: '' } })).toEqual(
      queryKeyOf(dashboardApi.providers),
    );
  });

  it("mark every answer of an endpoint stale, whatever was asked, and no other endpoint's", async () => {
    const client = new QueryClient();
    const summary = (year: number) => queryKeyOf(dashboardApi.summary, { query: { year } });
    client.setQueryData(summary(2025), 1);
    client.setQueryData(summary(2026), 2);
    client.setQueryData(queryKeyOf(goalsApi.goals, { query: { year: 2026 } }), 3);
    await invalidateEndpoints(client, [dashboardApi.summary]);
    const invalidated = client
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => query.queryKey);
    expect(invalidated).toEqual([summary(2025), summary(2026)]);
    expect(endpointKey(dashboardApi.summary)).toEqual(['GET /api/dashboard/summary']);
  });
});
