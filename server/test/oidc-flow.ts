/**
 * Goes through the tests' identity provider's pages over HTTP as a browser would, with a cookie
 * jar: from the authorization address the app redirects to, through its sign-in form, to the
 * address it sends the browser back to (the app's callback, with the code and state).
 */

/** The cookies the provider sets, sent back on every request to it (all on one host and port). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const MAX_HOPS = 10;

/**
 * Signs in at the provider as `login` (any name is taken; see oidc-provider.ts) and returns the
 * address it sends the browser to: the first one outside the provider.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form ?? undefined,
    });
    jar.take(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next.toString();
      url = next.toString();
      continue;
    }
    const page = await res.text();
    if (res.status !== 200)
      throw new Error(`The identity provider answered ${res.status}: ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || !page.includes('name="login"')) throw new Error(`No sign-in form at ${url}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).toString();
    form = new URLSearchParams({ prompt: 'login', login, password: 'any-password' });
  }
  throw new Error(`The identity provider did not send the browser back within ${MAX_HOPS} steps`);
}
