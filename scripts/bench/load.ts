// Load tests with autocannon: a fixed number of connections for a fixed time against one URL.
// autocannon runs in this process, so it shares the machine's cores with the server exactly as
// it does for the reference endpoint. Requests say what a browser says about compression.

import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  requests: number;
}

export async function runLoad(
  base: string,
  path: string,
  token: string | null,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    timeout: 10,
    headers: {
      'accept-encoding': 'gzip, deflate, br',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return {
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}
