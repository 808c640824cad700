import { gunzipSync } from 'node:zlib';
import { acceptsGzip, cachedJson } from './cached-json';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['br', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('cachedJson', () => {
  it('compresses once and gives the same bytes each time', async () => {
    const body = cachedJson(JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i })) }));
    const first = await body.gzipped();
    expect(await body.gzipped()).toBe(first);
    expect(gunzipSync(first).toString('utf8')).toBe(body.text);
  });
});
