import { mockFetch } from '../test-utils';
import { ApiError, api, apiBlob, errorMessage, onSessionEnded, readToken, storeToken } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('sends the bearer token and JSON body, and returns the parsed answer', async () => {
    storeToken('abc');
    const fetchMock = mockFetch(() => ({ body: { success: true, value: 1 } }));
    await expect(api('/api/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      success: true,
      value: 1,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/thing');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"a":1}');
  });

  it("throws the server's error text with the status", async () => {
    mockFetch(() => ({ status: 409, body: { success: false, error: 'The username "x" is already taken' } }));
    const err = await api('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'The username "x" is already taken' });
    expect(errorMessage(err, 'Operation failed')).toBe('The username "x" is already taken');
  });

  it("falls back to the screen's words when the server said nothing", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await api('/api/x').catch((e: unknown) => e);
    expect(errorMessage(err, 'Login failed')).toBe('Login failed');
  });

  it("reports 'Network error' when the server cannot be reached", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await api('/api/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, message: 'Network error' });
  });

  it('ends the session on a 401 from a signed-in call', async () => {
    storeToken('old');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch(() => ({
      status: 401,
      body: { success: false, error: 'Your session has ended. Please sign in again.' },
    }));
    await expect(api('/api/auth/users')).rejects.toBeInstanceOf(ApiError);
    expect(readToken()).toBeNull();
    expect(ended).toHaveBeenCalledWith('Your session has ended. Please sign in again.');
    stop();
  });

  it('keeps the session on a 401 from login', async () => {
    storeToken('kept');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Invalid username or password' } }));
    await expect(api('/api/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(readToken()).toBe('kept');
    expect(ended).not.toHaveBeenCalled();
    stop();
  });

  it('downloads a file as a Blob with the bearer token', async () => {
    storeToken('abc');
    const fetchMock = vi.fn(async () => new Response('xlsx bytes', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const blob = await apiBlob('/api/export/scoresheet');
    expect(await blob.text()).toBe('xlsx bytes');
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/export/scoresheet',
      { headers: { Authorization: 'Bearer abc' }, signal: undefined },
    ]);
  });

  it("throws the server's error for a refused download, and a 401 ends the session", async () => {
    storeToken('old');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Your session has ended.' } }));
    await expect(apiBlob('/api/export/dashboard')).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended.',
    });
    expect(ended).toHaveBeenCalledWith('Your session has ended.');
    stop();
  });
});
