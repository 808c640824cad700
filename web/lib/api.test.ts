import { authApi, usersApi } from '../../common/api/auth';
import { configApi } from '../../common/api/config';
import { exportsApi } from '../../common/api/dashboard';
import { mockFetch } from '../test-utils';
import {
  ApiError,
  call,
  codeOf,
  download,
  downloadNamed,
  errorMessage,
  hasCode,
  onSessionEnded,
  readToken,
  storeToken,
  urlOf,
} from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('sends the bearer token and JSON body, and returns the parsed answer', async () => {
    storeToken('abc');
    const fetchMock = mockFetch(() => ({ body: { success: true, value: 1 } }));
    const body = { proc_code: 'D1', label: 'Consult', value: 1 };
    await expect(call(configApi.addCodeMapping, { body })).resolves.toEqual({
      success: true,
      value: 1,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/config/code-mappings');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(init?.body).toBe(JSON.stringify(body));
  });

  it("throws the server's error text with the status", async () => {
    mockFetch(() => ({ status: 409, body: { success: false, error: 'The username "x" is already taken' } }));
    const err = await call(usersApi.list).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'The username "x" is already taken' });
    expect(errorMessage(err, 'Operation failed')).toBe('The username "x" is already taken');
  });

  it("carries the server's code and field, to decide by instead of the words", async () => {
    mockFetch(() => ({
      status: 409,
      body: {
        success: false,
        error: 'The username "x" is already taken',
        code: 'username_taken',
        field: 'username',
      },
    }));
    const err = await call(usersApi.list).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'username_taken', field: 'username' });
    expect(codeOf(err)).toBe('username_taken');
    expect(hasCode(err, 'email_taken', 'username_taken')).toBe(true);
    expect(hasCode(err, 'email_taken')).toBe(false);
  });

  it('takes no code the contract does not declare, and none from an answer without one', async () => {
    mockFetch(() => ({ status: 400, body: { success: false, error: 'Odd', code: 'made_up', field: '' } }));
    expect(await call(usersApi.list).catch((e: unknown) => e)).toMatchObject({ code: null, field: null });
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await call(usersApi.list).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: null, fromServer: false });
    expect(codeOf(new Error('x'))).toBeNull();
  });

  it("falls back to the screen's words when the server said nothing", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await call(usersApi.list).catch((e: unknown) => e);
    expect(errorMessage(err, 'Login failed')).toBe('Login failed');
  });

  it("reports 'Network error' when the server cannot be reached", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await call(usersApi.list).catch((e: unknown) => e);
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
    await expect(call(usersApi.list)).rejects.toBeInstanceOf(ApiError);
    expect(readToken()).toBeNull();
    expect(ended).toHaveBeenCalledWith('Your session has ended. Please sign in again.');
    stop();
  });

  it('keeps the session on a 401 from login', async () => {
    storeToken('kept');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Invalid username or password' } }));
    await expect(call(authApi.login, { body: { username: 'a', password: 'b' } })).rejects.toThrow(
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
    const blob = await download(exportsApi.scoresheet);
    expect(await blob.text()).toBe('xlsx bytes');
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/export/scoresheet',
      {
        method: 'GET',
        headers: { Accept: 'application/json', Authorization: 'Bearer abc' },
        signal: undefined,
      },
    ]);
  });

  it('downloads a file with the name the server gives it, or none', async () => {
    const named = new Response('%PDF', {
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="full-arch-report-2026-11-22.pdf"' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => named),
    );
    const file = await downloadNamed(exportsApi.report, { query: { year: 2026 } });
    expect(file.fileName).toBe('full-arch-report-2026-11-22.pdf');
    expect(await file.blob.text()).toBe('%PDF');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('%PDF', { status: 200 })),
    );
    expect((await downloadNamed(exportsApi.report)).fileName).toBeNull();
  });

  it("throws the server's error for a refused download, and a 401 ends the session", async () => {
    storeToken('old');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Your session has ended.' } }));
    await expect(download(exportsApi.dashboard)).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended.',
    });
    expect(ended).toHaveBeenCalledWith('Your session has ended.');
    stop();
  });

  it('fills path parameters and the query, leaving out what is not given', () => {
    expect(urlOf(usersApi.update, { params: { id: 7 } })).toBe('/api/auth/users/7');
    expect(urlOf(configApi.updateCodeMapping, { params: { proc_code: 'D 6/1' } })).toBe(
      '/api/config/code-mappings/D%206%2F1',
    );
    expect(urlOf(exportsApi.dashboard, { query: { provider: 'Dr. A & B', year: 2026, _: undefined } })).toBe(
      '/api/export/dashboard?provider=Dr.%20A%20%26%20B&year=2026',
    );
    expect(urlOf(exportsApi.dashboard, { query: { provider: '' } })).toBe('/api/export/dashboard');
  });
});
